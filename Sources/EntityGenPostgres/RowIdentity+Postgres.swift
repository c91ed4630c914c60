import EntityGenRuntime

extension RowIdentity {
    /// The identity a listing statement returns as a JSON array's text (`[42, "a"]`, from
    /// `json_build_array(...)::text`): integers as integers, other numbers (a `numeric` or a float) as
    /// their exact text, strings (also dates and UUIDs) as text, booleans as 1 and 0.
    /// A listing row that is not such an array (or not one value per column) throws: no identity is
    /// reported without its values.
    init(columns: [String], json: String) throws(ImportError) {
        var values: [IdentityValue] = []
        let document: JSONDocument
        do { document = try JSONDocument(bytes: Array(json.utf8)) } catch {
            throw ImportError.database("PostgreSQL returned an identity that is not JSON: \(json)")
        }
        document.withRoot { root in
            root.forEachElement { _, element in values.append(IdentityValue(element)) }
        }
        guard values.count == columns.count else {
            throw ImportError.database(
                "PostgreSQL returned \(json) as an identity of \(columns.joined(separator: ", "))")
        }
        self.init(columns: columns, values: values)
    }
}

extension IdentityValue {
    /// One element of a listed identity.
    init(_ json: JSONValue) {
        switch json.kind {
        case .null: self = .null
        case .false: self = .integer(0)
        case .true: self = .integer(1)
        case .number:
            let literal = json.numberLiteral() ?? ""
            if json.isIntegerLiteral, let integer = Int64(literal) {
                self = .integer(integer)
            } else {
                self = .text(literal)
            }
        case .string: self = .text(json.string() ?? "")
        case .object, .array: self = .text(AnyJSON(json).description)
        }
    }
}
