import EntityGenRuntime
import Foundation

// citm_catalog.json: Codable types, hand mapping from JSONSerialization, and the conversion from the
// generated CitmCatalog, for the equality check before timing.

struct CodableCatalog: Decodable, Equatable {
    struct Event: Decodable, Equatable {
        let description: String?; let id: Int64; let logo: String?; let name: String
        let subTopicIds: [Int64]; let subjectCode: String?; let subtitle: String?; let topicIds: [Int64]
    }
    struct Price: Decodable, Equatable { let amount: Int; let audienceSubCategoryId: Int64; let seatCategoryId: Int64 }
    struct Area: Decodable, Equatable { let areaId: Int64; let blockIds: [Int64] }
    struct SeatCategory: Decodable, Equatable { let areas: [Area]; let seatCategoryId: Int64 }
    struct Performance: Decodable, Equatable {
        let eventId: Int64; let id: Int64; let logo: String?; let name: String?; let prices: [Price]
        let seatCategories: [SeatCategory]; let seatMapImage: String?; let start: Date; let venueCode: String
    }
    let areaNames: [String: String]; let audienceSubCategoryNames: [String: String]; let blockNames: [String: String]
    let events: [String: Event]; let performances: [Performance]; let seatCategoryNames: [String: String]
    let subTopicNames: [String: String]; let subjectNames: [String: String]; let topicNames: [String: String]
    let topicSubTopics: [String: [Int64]]; let venueNames: [String: String]
}

enum CitmMapping {
    static func fromGenerated(_ catalog: CitmCatalog) -> CodableCatalog {
        CodableCatalog(
            areaNames: catalog.areaNames, audienceSubCategoryNames: catalog.audienceSubCategoryNames,
            blockNames: catalog.blockNames,
            events: catalog.events.mapValues { event in
                .init(
                    description: event.summary, id: event.id, logo: event.logo, name: event.name,
                    subTopicIds: event.subTopicIds,
                    subjectCode: event.subjectCode, subtitle: event.subtitle, topicIds: event.topicIds)
            },
            performances: catalog.performances.map { performance in
                .init(
                    eventId: performance.eventId, id: performance.id, logo: performance.logo, name: performance.name,
                    prices: performance.prices.map {
                        .init(
                            amount: $0.amount, audienceSubCategoryId: $0.audienceSubCategoryId,
                            seatCategoryId: $0.seatCategoryId)
                    },
                    seatCategories: performance.seatCategories.map { category in
                        .init(
                            areas: category.areas.map { .init(areaId: $0.areaId, blockIds: $0.blockIds) },
                            seatCategoryId: category.seatCategoryId)
                    },
                    seatMapImage: performance.seatMapImage, start: performance.start, venueCode: performance.venueCode)
            },
            seatCategoryNames: catalog.seatCategoryNames, subTopicNames: catalog.subTopicNames,
            subjectNames: catalog.subjectNames,
            topicNames: catalog.topicNames, topicSubTopics: catalog.topicSubTopics, venueNames: catalog.venueNames)
    }

    private static func int64(_ value: Any?) -> Int64 { (value as? NSNumber)?.int64Value ?? 0 }
    private static func int64s(_ value: Any?) -> [Int64] { (value as? [NSNumber] ?? []).map(\.int64Value) }
    private static func strings(_ value: Any?) -> [String: String] { value as? [String: String] ?? [:] }

    static func fromFoundation(_ object: Any) -> CodableCatalog {
        let root = object as? [String: Any] ?? [:]
        let events = (root["events"] as? [String: [String: Any]] ?? [:]).mapValues { event in
            CodableCatalog.Event(
                description: event["description"] as? String, id: int64(event["id"]), logo: event["logo"] as? String,
                name: event["name"] as? String ?? "", subTopicIds: int64s(event["subTopicIds"]),
                subjectCode: event["subjectCode"] as? String,
                subtitle: event["subtitle"] as? String, topicIds: int64s(event["topicIds"]))
        }
        let performances = (root["performances"] as? [[String: Any]] ?? []).map { performance in
            CodableCatalog.Performance(
                eventId: int64(performance["eventId"]), id: int64(performance["id"]),
                logo: performance["logo"] as? String,
                name: performance["name"] as? String,
                prices: (performance["prices"] as? [[String: Any]] ?? []).map {
                    .init(
                        amount: ($0["amount"] as? NSNumber)?.intValue ?? 0,
                        audienceSubCategoryId: int64($0["audienceSubCategoryId"]),
                        seatCategoryId: int64($0["seatCategoryId"]))
                },
                seatCategories: (performance["seatCategories"] as? [[String: Any]] ?? []).map { category in
                    .init(
                        areas: (category["areas"] as? [[String: Any]] ?? []).map {
                            .init(areaId: int64($0["areaId"]), blockIds: int64s($0["blockIds"]))
                        },
                        seatCategoryId: int64(category["seatCategoryId"]))
                },
                seatMapImage: performance["seatMapImage"] as? String,
                start: Date(timeIntervalSince1970: ((performance["start"] as? NSNumber)?.doubleValue ?? 0) / 1000),
                venueCode: performance["venueCode"] as? String ?? "")
        }
        return CodableCatalog(
            areaNames: strings(root["areaNames"]), audienceSubCategoryNames: strings(root["audienceSubCategoryNames"]),
            blockNames: strings(root["blockNames"]), events: events, performances: performances,
            seatCategoryNames: strings(root["seatCategoryNames"]), subTopicNames: strings(root["subTopicNames"]),
            subjectNames: strings(root["subjectNames"]), topicNames: strings(root["topicNames"]),
            topicSubTopics: (root["topicSubTopics"] as? [String: Any] ?? [:]).mapValues(int64s),
            venueNames: strings(root["venueNames"]))
    }
}
