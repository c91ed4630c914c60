extension Rules {
    static let feedRules = [invalidFeed, invalidPush]

    /// A feed the importer could not run.
    public static let invalidFeed = RuleDescription(
        id: "invalid-feed",
        summary:
            "A feed's entity has identifiedBy; pagination is one style; action names are distinct; diff feeds delete by action, not by orphan sweep.",
        triggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name: String\nfeeds:\n  Pods:\n    entity: ↓Pod\n    items: result\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\nfeeds:\n  Pods:\n    entity: Pod\n    pagination: ↓{nextURL: next, pageCount: pages}\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\nfeeds:\n  Pods:\n    entity: Pod\n    actions: {add: upsert, update: ↓upsert}\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\nfeeds:\n  Pods:\n    entity: Pod\n    pagination: ↓{link: next, pageParameter: page}\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\nfeeds:\n  Pods:\n    entity: Pod\n    pagination: {link: ↓'next page'}\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\nfeeds:\n  PodDetail:\n    entity: Pod\n    single: ↓true\n    deleteOrphans: true\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: [name, version]\n    attributes:\n      name: String\n      version: String\nfeeds:\n  Pods:\n    entity: Pod\n    items: result\n    pagination:\n      pageCount: number_of_pages\n      pageParameter: page\n      firstPage: 0\n    deleteOrphans: true\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    identifiedBy: name\n    attributes:\n      name: String\nfeeds:\n  Pods:\n    entity: Pod\n    pagination: {link: next}\n  PodDetail:\n    entity: Pod\n    items: data\n    single: true\n"
            ),
        ]
    )

    /// A `push:` route the pusher could not send.
    public static let invalidPush = RuleDescription(
        id: "invalid-push",
        summary:
            "A push route is 'METHOD /path' with POST, PUT, PATCH or DELETE; its placeholders name identification attributes; update and delete routes name the row; the entity is identified and stored; lastWriterWins names a Date timestamp.",
        triggering: [
            RuleExample(
                "entities:\n  Todo:\n    identifiedBy: id\n    attributes:\n      id: String\n      title: String\n    push:\n      update: ↓PATCH /todos/{title}\n"
            ),
            RuleExample(
                "entities:\n  Todo:\n    identifiedBy: id\n    attributes:\n      id: String\n    push:\n      create: ↓GET /todos\n"
            ),
            RuleExample(
                "entities:\n  Todo:\n    identifiedBy: id\n    attributes:\n      id: String\n    push:\n      delete: ↓DELETE /todos\n"
            ),
            RuleExample(
                "entities:\n  Todo:\n    attributes:\n      id: String\n    ↓push:\n      create: POST /todos\n"
            ),
            RuleExample(
                "entities:\n  Todo:\n    identifiedBy: id\n    attributes:\n      id: String\n      updatedAt: String\n    push:\n      create: POST /todos\n      conflicts: lastWriterWins\n      timestamp: ↓updatedAt\n"
            ),
            RuleExample(
                "entities:\n  Todo:\n    identifiedBy: id\n    attributes:\n      id: String\n    push:\n      create: POST /todos\n      conflicts: ↓lastWriterWins\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Todo:\n    identifiedBy: id\n    attributes:\n      id: String\n      title: String\n    push:\n      create: POST /todos\n      update: PATCH /todos/{id}\n      delete: DELETE /todos/{id}\n"
            ),
            RuleExample(
                "entities:\n  Todo:\n    identifiedBy: id\n    attributes:\n      id: String\n      updatedAt: Date?\n    push:\n      update: PATCH /todos/{id}\n      conflicts: lastWriterWins\n      timestamp: updatedAt\n"
            ),
        ]
    )
}
