import EntityGenRuntime
import Foundation

// twitter.json: Codable types, hand mapping from JSONSerialization, and the conversion from the generated
// TwitterSearch, for the equality check before timing. Dates use the same pattern on every side.

struct CodableSearch: Decodable, Equatable {
    struct Metadata: Decodable, Equatable {
        let completed_in: Double; let max_id: Int64; let query: String; let count: Int; let since_id: Int64
    }
    struct TweetMetadata: Decodable, Equatable { let result_type: String; let iso_language_code: String }
    struct Hashtag: Decodable, Equatable { let text: String; let indices: [Int] }
    struct Link: Decodable, Equatable {
        let url: String; let expanded_url: String; let display_url: String; let indices: [Int]
    }
    struct Mention: Decodable, Equatable {
        let screen_name: String; let name: String; let id: Int64; let indices: [Int]
    }
    struct Entities: Decodable, Equatable { let hashtags: [Hashtag]; let urls: [Link]; let user_mentions: [Mention] }
    struct User: Decodable, Equatable {
        let id: Int64; let id_str: String; let name: String; let screen_name: String; let location: String;
        let description: String
        let url: URL?; let protected: Bool; let followers_count: Int; let friends_count: Int; let listed_count: Int;
        let created_at: Date
        let favourites_count: Int; let utc_offset: Int?; let time_zone: String?; let geo_enabled: Bool;
        let verified: Bool
        let statuses_count: Int; let lang: String; let profile_image_url: URL; let profile_image_url_https: URL
        let profile_banner_url: URL?; let default_profile: Bool
    }
    /// Retweets nest a tweet in a tweet: boxed so the struct has a finite size.
    final class Box: Decodable, Equatable {
        let tweet: Tweet
        init(_ tweet: Tweet) { self.tweet = tweet }
        init(from decoder: any Decoder) throws { tweet = try Tweet(from: decoder) }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.tweet == rhs.tweet }
    }
    struct Tweet: Decodable, Equatable {
        let metadata: TweetMetadata; let created_at: Date; let id: Int64; let id_str: String; let text: String;
        let source: String
        let truncated: Bool; let in_reply_to_status_id: Int64?; let in_reply_to_user_id: Int64?;
        let in_reply_to_screen_name: String?
        let user: User; let retweeted_status: Box?; let retweet_count: Int; let favorite_count: Int;
        let entities: Entities
        let favorited: Bool; let retweeted: Bool; let lang: String; let possibly_sensitive: Bool?
    }
    let statuses: [Tweet]
    let search_metadata: Metadata
}

enum TwitterMapping {
    static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter
    }

    static func fromGenerated(_ search: TwitterSearch) -> CodableSearch {
        func user(_ user: TwitterUser) -> CodableSearch.User {
            .init(
                id: user.id, id_str: user.idStr, name: user.name, screen_name: user.screenName, location: user.location,
                description: user.bio,
                url: user.url, protected: user.protected, followers_count: user.followersCount,
                friends_count: user.friendsCount,
                listed_count: user.listedCount, created_at: user.createdAt, favourites_count: user.favouritesCount,
                utc_offset: user.utcOffset,
                time_zone: user.timeZone, geo_enabled: user.geoEnabled, verified: user.verified,
                statuses_count: user.statusesCount,
                lang: user.lang, profile_image_url: user.profileImageUrl,
                profile_image_url_https: user.profileImageUrlHttps,
                profile_banner_url: user.profileBannerUrl, default_profile: user.defaultProfile)
        }
        func tweet(_ tweet: Tweet) -> CodableSearch.Tweet {
            .init(
                metadata: .init(result_type: tweet.resultType, iso_language_code: tweet.isoLanguageCode),
                created_at: tweet.createdAt,
                id: tweet.id, id_str: tweet.idStr, text: tweet.text, source: tweet.source, truncated: tweet.truncated,
                in_reply_to_status_id: tweet.inReplyToStatusId, in_reply_to_user_id: tweet.inReplyToUserId,
                in_reply_to_screen_name: tweet.inReplyToScreenName, user: user(tweet.author),
                retweeted_status: tweet.retweetedStatus.map { CodableSearch.Box(self.tweetFrom($0)) },
                retweet_count: tweet.retweetCount, favorite_count: tweet.favoriteCount,
                entities: .init(
                    hashtags: tweet.entities.hashtags.map { .init(text: $0.text, indices: $0.indices) },
                    urls: tweet.entities.urls.map {
                        .init(
                            url: $0.url, expanded_url: $0.expandedUrl, display_url: $0.displayUrl, indices: $0.indices)
                    },
                    user_mentions: tweet.entities.userMentions.map {
                        .init(screen_name: $0.screenName, name: $0.name, id: $0.id, indices: $0.indices)
                    }),
                favorited: tweet.favorited, retweeted: tweet.retweeted, lang: tweet.lang,
                possibly_sensitive: tweet.possiblySensitive)
        }
        let metadata = search.searchMetadata
        return CodableSearch(
            statuses: search.statuses.map(tweet),
            search_metadata: .init(
                completed_in: metadata.completedIn, max_id: metadata.maxId, query: metadata.query,
                count: metadata.count, since_id: metadata.sinceId))
    }

    private static func tweetFrom(_ tweet: Tweet) -> CodableSearch.Tweet {
        fromGenerated(
            TwitterSearch(
                statuses: [tweet],
                searchMetadata: SearchMetadata(completedIn: 0, maxId: 0, query: "", count: 0, sinceId: 0))
        ).statuses[0]
    }

    static func fromFoundation(_ object: Any, formatter: DateFormatter) -> CodableSearch {
        func int64(_ value: Any?) -> Int64 { (value as? NSNumber)?.int64Value ?? 0 }
        func int(_ value: Any?) -> Int { (value as? NSNumber)?.intValue ?? 0 }
        func url(_ value: Any?) -> URL? { (value as? String).flatMap(URL.init(string:)) }
        func date(_ value: Any?) -> Date { (value as? String).flatMap(formatter.date(from:)) ?? .distantPast }
        func indices(_ value: Any?) -> [Int] { (value as? [NSNumber] ?? []).map(\.intValue) }
        func user(_ user: [String: Any]) -> CodableSearch.User {
            .init(
                id: int64(user["id"]), id_str: user["id_str"] as? String ?? "", name: user["name"] as? String ?? "",
                screen_name: user["screen_name"] as? String ?? "", location: user["location"] as? String ?? "",
                description: user["description"] as? String ?? "", url: url(user["url"]),
                protected: user["protected"] as? Bool ?? false,
                followers_count: int(user["followers_count"]), friends_count: int(user["friends_count"]),
                listed_count: int(user["listed_count"]),
                created_at: date(user["created_at"]), favourites_count: int(user["favourites_count"]),
                utc_offset: (user["utc_offset"] as? NSNumber)?.intValue, time_zone: user["time_zone"] as? String,
                geo_enabled: user["geo_enabled"] as? Bool ?? false, verified: user["verified"] as? Bool ?? false,
                statuses_count: int(user["statuses_count"]), lang: user["lang"] as? String ?? "",
                profile_image_url: url(user["profile_image_url"])!,
                profile_image_url_https: url(user["profile_image_url_https"])!,
                profile_banner_url: url(user["profile_banner_url"]),
                default_profile: user["default_profile"] as? Bool ?? false)
        }
        func tweet(_ tweet: [String: Any]) -> CodableSearch.Tweet {
            let metadata = tweet["metadata"] as? [String: Any] ?? [:]
            let entities = tweet["entities"] as? [String: Any] ?? [:]
            return .init(
                metadata: .init(
                    result_type: metadata["result_type"] as? String ?? "",
                    iso_language_code: metadata["iso_language_code"] as? String ?? ""),
                created_at: date(tweet["created_at"]), id: int64(tweet["id"]), id_str: tweet["id_str"] as? String ?? "",
                text: tweet["text"] as? String ?? "", source: tweet["source"] as? String ?? "",
                truncated: tweet["truncated"] as? Bool ?? false,
                in_reply_to_status_id: (tweet["in_reply_to_status_id"] as? NSNumber)?.int64Value,
                in_reply_to_user_id: (tweet["in_reply_to_user_id"] as? NSNumber)?.int64Value,
                in_reply_to_screen_name: tweet["in_reply_to_screen_name"] as? String,
                user: user(tweet["user"] as? [String: Any] ?? [:]),
                retweeted_status: (tweet["retweeted_status"] as? [String: Any]).map {
                    CodableSearch.Box(tweetFrom($0))
                },
                retweet_count: int(tweet["retweet_count"]), favorite_count: int(tweet["favorite_count"]),
                entities: .init(
                    hashtags: (entities["hashtags"] as? [[String: Any]] ?? []).map {
                        .init(text: $0["text"] as? String ?? "", indices: indices($0["indices"]))
                    },
                    urls: (entities["urls"] as? [[String: Any]] ?? []).map {
                        .init(
                            url: $0["url"] as? String ?? "", expanded_url: $0["expanded_url"] as? String ?? "",
                            display_url: $0["display_url"] as? String ?? "", indices: indices($0["indices"]))
                    },
                    user_mentions: (entities["user_mentions"] as? [[String: Any]] ?? []).map {
                        .init(
                            screen_name: $0["screen_name"] as? String ?? "", name: $0["name"] as? String ?? "",
                            id: int64($0["id"]), indices: indices($0["indices"]))
                    }),
                favorited: tweet["favorited"] as? Bool ?? false, retweeted: tweet["retweeted"] as? Bool ?? false,
                lang: tweet["lang"] as? String ?? "", possibly_sensitive: tweet["possibly_sensitive"] as? Bool)
        }
        func tweetFrom(_ dictionary: [String: Any]) -> CodableSearch.Tweet { tweet(dictionary) }
        let root = object as? [String: Any] ?? [:]
        let metadata = root["search_metadata"] as? [String: Any] ?? [:]
        return CodableSearch(
            statuses: (root["statuses"] as? [[String: Any]] ?? []).map(tweet),
            search_metadata: .init(
                completed_in: (metadata["completed_in"] as? NSNumber)?.doubleValue ?? 0,
                max_id: int64(metadata["max_id"]),
                query: metadata["query"] as? String ?? "", count: int(metadata["count"]),
                since_id: int64(metadata["since_id"])))
    }
}
