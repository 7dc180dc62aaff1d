import CCairo

/// How the process's allocator treats the memory a long render frees and takes again.
public enum RenderMemory {
    /// Keeps freed memory in the process instead of giving it back to the kernel at each free
    /// (glibc: the heap's trim threshold raised to 1 GiB, and — as setting it turns glibc's
    /// self-adjusting mmap threshold off — blocks below 32 MiB taken from the heap, not mapped and
    /// unmapped one by one). Cairo allocates and frees a layer per stroke, and taking the pages
    /// again cost 14 % of an hour of writing's render in page faults (8.9 → 7.7 s; the same
    /// picture, the same peak memory). Process-wide, so a command that renders asks for it
    /// (`quill render`); a library never does it behind an app's back. Returns false where the
    /// allocator has no such setting (not glibc).
    @discardableResult
    public static func keepFreedMemoryBetweenLayers() -> Bool {
        #if canImport(Glibc)
        return mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1 && mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1
        #else
        return false
        #endif
    }
}
