/// A connection that runs plain statements, for the one transaction wrapper both databases use.
package protocol Transactional {
    /// The statement that begins a transaction.
    var begin: String { get }
    func execute(_ sql: String) throws
}

extension Transactional {
    /// Runs `body` in one transaction: all of it is stored, or none of it.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
