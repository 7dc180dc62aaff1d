/// Quill's version (semantic versioning): what `quill --version`, the C library's
/// `quill_version()` and quill.pc report. The repository's VERSION file holds the same text.
public enum QuillVersion {
    public static let major = 0
    public static let minor = 4
    public static let patch = 0
    /// "MAJOR.MINOR.PATCH".
    public static let string = "\(major).\(minor).\(patch)"
}
