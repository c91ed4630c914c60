import Foundation

/// A Swift type an identification value reads back as (``RowIdentity/value(as:)``): the types generated
/// models use for identity attributes.
public protocol IdentityValueConvertible {
    /// The value, or `nil` when the stored value is not one of this type.
    init?(identityValue: IdentityValue)
}

extension Int64: IdentityValueConvertible {
    /// An integer.
    public init?(identityValue: IdentityValue) {
        guard case let .integer(value) = identityValue else { return nil }
        self = value
    }
}

extension Int: IdentityValueConvertible {
    /// An integer that fits.
    public init?(identityValue: IdentityValue) {
        guard let value = Int64(identityValue: identityValue) else { return nil }
        self.init(exactly: value)
    }
}

extension Int32: IdentityValueConvertible {
    /// An integer that fits.
    public init?(identityValue: IdentityValue) {
        guard let value = Int64(identityValue: identityValue) else { return nil }
        self.init(exactly: value)
    }
}

extension Int16: IdentityValueConvertible {
    /// An integer that fits.
    public init?(identityValue: IdentityValue) {
        guard let value = Int64(identityValue: identityValue) else { return nil }
        self.init(exactly: value)
    }
}

extension String: IdentityValueConvertible {
    /// Text.
    public init?(identityValue: IdentityValue) {
        guard case let .text(value) = identityValue else { return nil }
        self = value
    }
}

extension Double: IdentityValueConvertible {
    /// A floating-point number, or an integer.
    public init?(identityValue: IdentityValue) {
        switch identityValue {
        case let .real(value): self = value
        case let .integer(value): self.init(value)
        case .text, .blob, .null: return nil
        }
    }
}

extension UUID: IdentityValueConvertible {
    /// Its text form (SQLite and PostgreSQL columns of `uuid` attributes), or its 16 bytes.
    public init?(identityValue: IdentityValue) {
        switch identityValue {
        case let .text(text): self.init(uuidString: text)
        case let .blob(bytes) where bytes.count == 16:
            self.init(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        case .integer, .real, .blob, .null: return nil
        }
    }
}
