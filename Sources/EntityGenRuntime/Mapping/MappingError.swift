/// A mapping that cannot produce a model: names the JSON path and the schema line that asked for it.
///
/// The fields live in one shared, copy-on-write box, so the error is a single reference wide: generated
/// mappers thread it through every `try` with typed throws, and a one-word error keeps each of those sites
/// (and debug builds of large schemas) small. Copies share the box until one is mutated.
public struct MappingError: Error, Hashable, Sendable, CustomStringConvertible {
    private final class Fields: Sendable {
        let path: String
        let schemaLocation: String
        let message: String
        let serverMessage: String?

        init(path: String, schemaLocation: String, message: String, serverMessage: String?) {
            self.path = path
            self.schemaLocation = schemaLocation
            self.message = message
            self.serverMessage = serverMessage
        }
    }

    private var fields: Fields

    /// The JSON path of the offending value (`$.result[3].authors`).
    public var path: String {
        get { fields.path }
        set {
            fields = Fields(
                path: newValue, schemaLocation: schemaLocation, message: message, serverMessage: serverMessage)
        }
    }
    /// The schema location of the attribute, relationship or entity (`Pods.yaml:40:7`).
    public var schemaLocation: String {
        get { fields.schemaLocation }
        set { fields = Fields(path: path, schemaLocation: newValue, message: message, serverMessage: serverMessage) }
    }
    /// What went wrong.
    public var message: String {
        get { fields.message }
        set {
            fields = Fields(path: path, schemaLocation: schemaLocation, message: newValue, serverMessage: serverMessage)
        }
    }
    /// For an error envelope: the server's message.
    public var serverMessage: String? {
        get { fields.serverMessage }
        set { fields = Fields(path: path, schemaLocation: schemaLocation, message: message, serverMessage: newValue) }
    }

    /// Creates an error.
    public init(path: String, schemaLocation: String, message: String, serverMessage: String? = nil) {
        fields = Fields(path: path, schemaLocation: schemaLocation, message: message, serverMessage: serverMessage)
    }

    /// `$.path: message (schema: Pods.yaml:40:7)`.
    public var description: String { "\(path): \(message) (schema: \(schemaLocation))" }

    public static func == (lhs: MappingError, rhs: MappingError) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.path == rhs.path && lhs.schemaLocation == rhs.schemaLocation && lhs.message == rhs.message
                && lhs.serverMessage == rhs.serverMessage)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(schemaLocation)
        hasher.combine(message)
        hasher.combine(serverMessage)
    }
}

/// Something mapping tolerated, as the schema said it may: a dropped value, a default used, a skipped
/// element, an unknown enum value kept in the fallback case, an ignored action.
public struct MappingIssue: Hashable, Sendable, CustomStringConvertible {
    /// What mapping did about it.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// The value was dropped; the property is `nil`.
        case droppedValue
        /// The schema's default was used.
        case usedDefault
        /// The array element or map entry was left out.
        case skippedElement
        /// An unknown enum raw value went to the fallback case.
        case usedFallbackCase
        /// A discriminator value or action type matched nothing and the item was ignored.
        case ignored
    }

    /// The JSON path of the value.
    public var path: String
    /// The schema location that allowed tolerating it.
    public var schemaLocation: String
    /// What was done.
    public var action: Action
    /// Why.
    public var message: String

    /// Creates an issue.
    public init(path: String, schemaLocation: String, action: Action, message: String) {
        self.path = path
        self.schemaLocation = schemaLocation
        self.action = action
        self.message = message
    }

    /// `$.path: action: message (schema: file:line:column)`.
    public var description: String { "\(path): \(action.rawValue): \(message) (schema: \(schemaLocation))" }
}

/// A mapped value and what was tolerated on the way.
public struct Mapped<Value> {
    /// The model(s).
    public var value: Value
    /// Non-fatal issues, in document order.
    public var issues: [MappingIssue]

    /// Creates a result.
    public init(value: Value, issues: [MappingIssue]) {
        self.value = value
        self.issues = issues
    }
}

extension Mapped: Sendable where Value: Sendable {}
extension Mapped: Equatable where Value: Equatable {}

/// Why a transformer could not convert a JSON value (the context adds path and schema location).
public struct TransformFailure: Error, Hashable, Sendable {
    /// What is wrong, e.g. "expected a string, found a number".
    public var message: String
    /// The located error of a nested entity or element, when the failure happened deeper down.
    public var nested: MappingError?

    /// Creates a failure.
    public init(_ message: String) {
        self.message = message
    }

    /// "expected X, found <kind of value>".
    public static func expected(_ what: String, found value: JSONValue) -> TransformFailure {
        TransformFailure("expected \(what), found \(value.kindDescription)")
    }
}
