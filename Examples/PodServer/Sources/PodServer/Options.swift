import Foundation

/// The command line: `PodServer [--port N] [--postgres HOST:PORT] [--database NAME] [--user NAME]
/// [--interval SECONDS] [--upstream URL]`.
struct Options {
    var port = 8080
    var postgresHost = "127.0.0.1"
    var postgresPort = 5432
    var database = "postgres"
    var user = "postgres"
    var interval: Duration = .seconds(60)
    var upstream: URL?

    static let usage =
        "usage: PodServer [--port N] [--postgres HOST:PORT] [--database NAME] [--user NAME] [--interval SECONDS] [--upstream URL]"

    /// A value that is not what its option takes.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    init(_ arguments: some Sequence<String>) throws {
        var iterator = arguments.makeIterator()
        while let option = iterator.next() {
            guard let value = iterator.next() else { throw Invalid(description: "\(option) needs a value") }
            switch option {
            case "--port": port = try Self.integer(value, option)
            case "--postgres":
                let parts = value.split(separator: ":")
                guard parts.count == 2, let port = Int(parts[1]) else {
                    throw Invalid(description: "--postgres takes HOST:PORT, not \(value)")
                }
                (postgresHost, postgresPort) = (String(parts[0]), port)
            case "--database": database = value
            case "--user": user = value
            case "--interval": interval = .seconds(try Self.integer(value, option))
            case "--upstream":
                guard let url = URL(string: value), url.scheme != nil else {
                    throw Invalid(description: "--upstream takes a URL, not \(value)")
                }
                upstream = url
            default: throw Invalid(description: "unknown option \(option)")
            }
        }
    }

    private static func integer(_ value: String, _ option: String) throws -> Int {
        guard let number = Int(value), number > 0 else {
            throw Invalid(description: "\(option) takes a positive integer, not \(value)")
        }
        return number
    }
}
