import Presentation

/// The loaded front-ends are where the binder shows frames and reads input events.
extension FrontEndHost: FrontEndScreen {}
