/// Pages the SQLite and the PostgreSQL consumer tests both import, so that both backends are held to the
/// same input (the PostgreSQL test target links this file).
enum SeedPages {
    /// `Schemas/Catalog.yaml`'s `GET /products`: plucks, an embedded brand, optional variants, dimensions
    /// with a bad size, suppliers by code or expanded, references to products later in the page or never
    /// sent.
    static let catalogProducts = """
        {"data": [
          {"id": 1, "title": "Lamp", "tags": [{"name": "light", "id": 7}, {"name": "home"}],
           "brand": {"id": 10, "name": "Lumo"}, "variants": [{"sku": "L-1", "color": "red"}, {"sku": "L-2"}],
           "dimensions": [{"size": 20}, {"size": "big"}, {"size": 30}],
           "supplier": {"code": "s1", "name": "Acme"}, "also_from": ["s1", {"code": "s3", "name": "Globex"}]},
          {"id": 2, "title": "Desk", "tags": [], "brand": {"id": 11, "name": "Oak & Co"}, "variants": [],
           "supplier": "s3", "also_from": ["s3"], "compatible_with": [1, 99, 3]},
          {"id": 3, "title": "Chair", "tags": [{"name": "seat"}], "brand": null, "variants": null},
          {"id": 4, "title": "Rug", "tags": [{"name": "floor"}]}
        ]}
        """

    /// Seed 000's second diff page: a forward reference inside the page, an update, a delete, an unknown
    /// action and an unknown `serverType`.
    static let widgetDiffFollowUp = """
        {"actions": [
          {"type": "add", "payload": {"serverId": "5", "serverType": "ImageWidget", "url": "http://x/5.png", "textWidgetId": "6"}},
          {"type": "add", "payload": {"serverId": "6", "serverType": "TextWidget", "title": "Six"}},
          {"type": "update", "payload": {"serverId": "0", "serverType": "TextWidget", "title": "Renamed"}},
          {"type": "delete", "payload": {"serverId": "2", "serverType": "ImageWidget"}},
          {"type": "archive", "payload": {"serverId": "0", "serverType": "TextWidget"}},
          {"type": "add", "payload": {"serverId": "7", "serverType": "VideoWidget"}}
        ], "nextUrl": null}
        """
}
