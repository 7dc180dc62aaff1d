/// Quill's English handwriting models (Resources/latin.classifier with latin.classes, the default,
/// and latin.model for Zinnia, both trained by Tools/train-handwriting on UNIPEN; provenance and
/// licence beside them) as a package resource of its own: a module apart so
/// that its resource bundle (and the Foundation that reads bundles) is linked into the `quill`
/// command and the tests, never into QuillHandwriting or libquill, which find the file by path.
public enum HandwritingModelResource {
    /// The resource bundle's folder name, beside the executable that links this module.
    public static let bundleName = "Quill_QuillHandwritingModel.resources"
    /// The default model's file name in the bundle (and in an installation's PREFIX/share/quill).
    public static let fileName = "latin.classifier"
}
