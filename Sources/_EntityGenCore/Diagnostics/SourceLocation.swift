/// A position in a schema file: the path as the user named it, and a 1-based line and column.
///
/// Columns count Unicode scalars, as libyaml (and therefore Yams) does. Locations order by path,
/// then line, then column, so diagnostics sort the way a reader scans files.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The file's path, as given on the command line or found in a folder.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = max(1, line)
        self.column = max(1, column)
    }

    /// The start of a file: used for problems that concern a whole file (empty, unreadable).
    public static func startOf(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }

    /// `path:line:column`, the prefix swiftc and SwiftPM use.
    public var description: String { "\(file):\(line):\(column)" }

    /// How a message refers to this location from a diagnostic at `other`: `line 4` in the same file,
    /// `path:4:13` in another.
    public func reference(from other: SourceLocation) -> String {
        file == other.file ? "line \(line)" : description
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A value read from a schema together with where it was written.
public struct Located<Value> {
    /// The value.
    public var value: Value
    /// Where the value was written.
    public var location: SourceLocation

    /// Wraps a value with its location.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The same location holding a transformed value.
    public func map<T>(_ transform: (Value) throws -> T) rethrows -> Located<T> {
        Located<T>(try transform(value), at: location)
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
extension Located: Sendable where Value: Sendable {}

extension SourceLocation {
    /// The location as generated code and reports print it, `Pods.yaml:40:7`, with the file shown
    /// through `displayPath` (relative to the output's root).
    func text(displayPath: (String) -> String) -> String {
        "\(displayPath(file)):\(line):\(column)"
    }
}
