/// Comma-separated numbers as command-line settings give them ("1, 0, 0.5"): spaces around a
/// number are allowed, an empty or non-numeric part (or "1 2") is not.
enum NumberList {
    /// The numbers of `text`, or nil unless there are exactly `count` of them.
    static func parse(_ text: String, count: Int) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { part -> Double? in
            let trimmed = part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            return Double(String(trimmed))
        }
        return parts.count == count && values.count == count ? values : nil
    }
}
