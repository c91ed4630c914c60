@testable import _EntityGenCore
import Testing

/// Date defaults as each backend writes them: UTC text rounded half up to the millisecond (GRDB's form,
/// for SQLite) or the microsecond (PostgreSQL), across midnight, before 1970 and at the ends of the years
/// 0 to 9999; and the SQL literals of the types whose stored form is not their schema text.
@Suite struct Test_ColumnDefault {
    @Test(arguments: [
        (0.0, 3, "1970-01-01 00:00:00.000"),
        (-0.0005, 3, "1970-01-01 00:00:00.000"),
        (-0.0006, 3, "1969-12-31 23:59:59.999"),
        (-0.001, 6, "1969-12-31 23:59:59.999000"),
        (1_583_017_199.9995, 3, "2020-02-29 23:00:00.000"),
        (1_583_017_199.9995, 6, "2020-02-29 22:59:59.999500"),
        (-62_167_219_200.0, 3, "0000-01-01 00:00:00.000"),
        (253_402_300_799.999, 3, "9999-12-31 23:59:59.999"),
    ])
    func dateText(seconds: Double, fractionDigits: Int, expected: String) {
        #expect(ColumnDefault.dateText(secondsSince1970: seconds, fractionDigits: fractionDigits) == expected)
    }

    @Test func literalsOfStoredForms() {
        let uuid = ColumnDefault.uuid("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(SQLiteBackend.literal(uuid) == "X'E621E1F8C36C495A93FC0C247A3E6E5F'")
        #expect(PostgresBackend.literal(uuid) == "'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'")
        let data = ColumnDefault.data([0xDE, 0xAD, 0x00, 0x0F])
        #expect(SQLiteBackend.literal(data) == "X'DEAD000F'")
        #expect(PostgresBackend.literal(data) == #"'\xDEAD000F'"#)
        #expect(SQLiteBackend.literal(.data([])) == "X''")
        // An unsigned integer past Int64.max: its 20 digits as a blob, as the runtime stores it.
        #expect(
            SQLiteBackend.literal(.unsigned("18446744073709551615")) == "X'3138343436373434303733373039353531363135'")
        #expect(SQLiteBackend.literal(.unsigned("7")) == "7")
        let date = ColumnDefault.date(secondsSince1970: 1_583_017_199.9995)
        #expect(SQLiteBackend.literal(date) == "'2020-02-29 23:00:00.000'")
        #expect(PostgresBackend.literal(date) == "'2020-02-29 22:59:59.999500+00'")
    }
}
