import CJemalloc

/// jemalloc's per-thread byte counter (the executable links jemalloc, so it is the
/// process's allocator) and an allocation hook that counts allocations per thread
/// (jemalloc keeps no such count). Created on the thread that runs the frames.
/// Where the package was built without jemalloc (its header and pkg-config file
/// missing, as on a Mac without `brew install jemalloc`), it reports
/// "allocation counts unavailable" and counts nothing.
public final class JemallocCounter: AllocationCounter {
    let allocated: UnsafeMutablePointer<UInt64>?
    /// Written by the hook; never freed, since jemalloc keeps calling the hook until exit.
    let allocations = UnsafeMutablePointer<layoutbench_allocation_counter>.allocate(capacity: 1)
    let countsAllocations: Bool

    public init() {
        allocated = layoutbench_thread_allocated_bytes()
        countsAllocations = allocated != nil && layoutbench_install_allocation_counter(allocations) == 0
    }

    /// Whether the package was built against jemalloc.
    public static var isBuiltWithJemalloc: Bool { layoutbench_has_jemalloc() != 0 }

    public func allocatedBytes() -> UInt64 { allocated?.pointee ?? 0 }
    public func allocationCount() -> UInt64? { countsAllocations ? allocations.pointee.count : nil }

    public var description: String {
        guard JemallocCounter.isBuiltWithJemalloc else {
            return "system malloc (allocation counts unavailable: built without jemalloc)"
        }
        guard allocated != nil else { return "system malloc (allocation counts unavailable: jemalloc counters not found)" }
        return countsAllocations
            ? "jemalloc (per-thread allocated bytes; allocations counted by a jemalloc hook)"
            : "jemalloc (per-thread allocated bytes; allocation hook unavailable)"
    }
}
