/// Quill's handwriting models (Resources/latin.classifier with latin.classes, the English default,
/// and latin.model for Zinnia, both trained by Tools/research/quill_research/handwriting on UNIPEN; words.network,
/// English words whole; japanese.network, Japanese characters, trained by
/// Tools/research/quill_research/handwriting/japanese on Tomoe and KanjiVG; provenance and licence beside each) as a
/// package resource of its own: a module apart so that its resource bundle (and the Foundation
/// that reads bundles) is linked into the `quill` command and the tests, never into
/// QuillHandwriting or libquill, which find the files by path.
public enum HandwritingModelResource {
    /// The resource bundle's folder name, beside the executable that links this module.
    public static let bundleName = "Quill_QuillHandwritingModel.resources"
    /// The default model's file name in the bundle (and in an installation's PREFIX/share/quill).
    public static let fileName = "latin.classifier"
    /// The Japanese network's file name in the bundle (and in PREFIX/share/quill), read for
    /// Debian's Japanese Zinnia model when found beside the English model.
    public static let japaneseNetworkFileName = "japanese.network"
}
