/// The application layer: the flows a person starts from the command line (a run, a spectator, the
/// records, the peers), each built from Domain use cases and repository protocols and Presentation's
/// view models, with no knowledge of sockets, daemons, files or argument parsing (docs/ARCHITECTURE.md).
public enum Application {}
