/// The one view-model contract: what it is built with (`Dependency`), the events it
/// takes from the view (`Input`), the display-ready values it gives back (`Output`), and one
/// `transform` that wires the first into the second.
public protocol ViewModelType {
    associatedtype Dependency
    associatedtype Input
    associatedtype Output

    func transform(input: Input) -> Output
}
