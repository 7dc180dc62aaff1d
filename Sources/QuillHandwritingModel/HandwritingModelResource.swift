/// Quill's English handwriting model (Resources/latin.model, trained by Tools/train-handwriting on
/// UNIPEN; provenance and licence beside it) as a package resource of its own: a module apart so
/// that its resource bundle (and the Foundation that reads bundles) is linked into the `quill`
/// command and the tests, never into QuillHandwriting or libquill, which find the file by path.
public enum HandwritingModelResource {
    /// The resource bundle's folder name, beside the executable that links this module.
    public static let bundleName = "Quill_QuillHandwritingModel.resources"
    /// The model's file name in the bundle (and in an installation's PREFIX/share/quill).
    public static let fileName = "latin.model"
}
