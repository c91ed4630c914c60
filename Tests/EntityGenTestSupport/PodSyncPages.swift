import Foundation

/// The pages both backends' sync tests send for issue 37, item 10 (a delivered item that cannot be
/// mapped keeps its row; an empty answer deletes nothing unless the feed allows it): seed 004's
/// `{"number_of_pages", "result"}` envelope and three podspec items.
public enum PodSyncPages {
    /// A one-page answer holding `items` (JSON objects).
    public static func page(_ items: [String]) -> Data {
        Data(#"{"number_of_pages": 1, "result": [\#(items.joined(separator: ","))]}"#.utf8)
    }

    /// Pod A.
    public static let a = #"{"name": "A", "version": "1", "platforms": {}, "subspecs": []}"#
    /// Pod B.
    public static let b = #"{"name": "B", "version": "1", "platforms": {}, "subspecs": []}"#
    /// Pod B as an item that cannot be mapped (its subspecs are not a list).
    public static let badB = #"{"name": "B", "version": "1", "platforms": {}, "subspecs": "not a list"}"#
}
