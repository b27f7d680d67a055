// A thread of the C library's, behind the same import guard as Platform.swift.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A second thread that runs one job at a time for its owner: `start` hands it a
/// job, the owner does its own share of the work, and `waitForJob` waits until the
/// job is done. The thread lives as long as the object; between jobs it sleeps on a
/// condition variable. Handing a job over allocates nothing (a frame of a back end
/// must not), which Dispatch's `concurrentPerform` does: 4 allocations a call here.
/// A job is a C function and a pointer to its context, read by the helper only
/// between `start` and the end of `waitForJob`; owner and helper may share its
/// pieces out through `nextTicket`.
public final class HelperThread {
    public typealias Job = @convention(c) (UnsafeMutableRawPointer) -> Void

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>
    private let done: UnsafeMutablePointer<pthread_cond_t>
    /// Guarded by `mutex`: the job handed over and not yet taken, whether it is
    /// finished, and whether the thread is to end.
    private var job: Job?
    private var context: UnsafeMutableRawPointer?
    private var finished = true
    private var stopping = false
    private var thread: pthread_t?
    /// The next ticket `nextTicket` hands out (0 when a job starts), guarded by `mutex`.
    private var ticket = 0

    /// Starts the thread; nil when the system refuses one (the caller then does all
    /// the work itself).
    public init?() {
        mutex = .allocate(capacity: 1)
        wake = .allocate(capacity: 1)
        done = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(done, nil)
        #if os(Linux)
        var created = pthread_t()
        #else
        var created: pthread_t?
        #endif
        let status = pthread_create(&created, nil, { raw in
            #if os(Linux)
            Unmanaged<HelperThread>.fromOpaque(raw!).takeUnretainedValue().serve()
            #else
            Unmanaged<HelperThread>.fromOpaque(raw).takeUnretainedValue().serve()
            #endif
            return nil
        }, Unmanaged.passUnretained(self).toOpaque())
        // A failed init still runs deinit, which frees what was allocated.
        guard status == 0 else { return nil }
        thread = created
    }

    deinit {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_signal(wake)
        pthread_mutex_unlock(mutex)
        if let thread { pthread_join(thread, nil) }
        pthread_cond_destroy(done)
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(mutex)
        done.deallocate()
        wake.deallocate()
        mutex.deallocate()
    }

    /// Hands `job` over, to run on the helper with `context`, its tickets from 0. The
    /// previous job must have been waited for.
    public func start(_ job: Job, context: UnsafeMutableRawPointer) {
        pthread_mutex_lock(mutex)
        precondition(finished, "HelperThread: a job was started before the last one was waited for")
        self.job = job
        self.context = context
        ticket = 0
        finished = false
        pthread_cond_signal(wake)
        pthread_mutex_unlock(mutex)
    }

    /// The next ticket, 0, 1, 2, …: each one handed out once, to whichever thread asks
    /// first. Owner and helper share out a job's pieces this way, so that a helper the
    /// system runs late (or on the owner's own core) leaves its pieces to the owner.
    public func nextTicket() -> Int {
        pthread_mutex_lock(mutex)
        let taken = ticket
        ticket += 1
        pthread_mutex_unlock(mutex)
        return taken
    }

    /// Waits until the job `start` handed over is done.
    public func waitForJob() {
        pthread_mutex_lock(mutex)
        while !finished { pthread_cond_wait(done, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// The helper's loop: sleep until a job or the end, run the job, say it is done.
    private func serve() {
        pthread_mutex_lock(mutex)
        while true {
            while job == nil, !stopping { pthread_cond_wait(wake, mutex) }
            guard let next = job, let context else { break }
            job = nil
            pthread_mutex_unlock(mutex)
            next(context)
            pthread_mutex_lock(mutex)
            finished = true
            pthread_cond_signal(done)
        }
        pthread_mutex_unlock(mutex)
    }
}
