import Foundation

/// The block structure of an OpenStreetMap PBF file, walked without reading the blocks' data:
/// each block is a 4-byte big-endian length, a `BlobHeader` of that length (its type and the size
/// of the data after it), then the data. A whole file is whole blocks to its last byte, an
/// `OSMHeader` block first and at least one `OSMData` block after it.
///
/// What the walk cannot tell: a file cut exactly between two blocks is a valid file of fewer
/// blocks (the format keeps no count and no end mark), so Andorra's extract without its last block
/// (its ways and relations) is as well formed as the whole. That cut shows in what the file holds:
/// its data falls short of the box its header gives (`BaseReader`), or it would store fewer
/// features than the import it replaces (`ShrinkRefused`).
struct PBFBlocks {
    /// Blocks of each type, in the order of the file.
    private(set) var types: [String] = []

    /// The first bytes of a PBF file: the length of the header's BlobHeader, then its field 1, the
    /// type "OSMHeader" (9 bytes).
    static func isPBF(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 15)) ?? Data()
        return head.count == 15 && head.dropFirst(4).elementsEqual([0x0A, 0x09] + Array("OSMHeader".utf8))
    }

    /// Walks the blocks of `path`; the reason the file is not whole, when it is not.
    static func walk(_ path: String) throws -> PBFBlocks {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Damage("cannot be opened") }
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        var offset: UInt64 = 0, blocks = PBFBlocks()
        while offset < size {
            let number = blocks.types.count + 1
            try handle.seek(toOffset: offset)
            let length = try handle.read(upToCount: 4) ?? Data()
            guard length.count == 4 else { throw Damage.cut(block: number, at: offset, size: size) }
            let headerSize = length.reduce(0) { $0 << 8 | UInt64($1) }
            // The format's own limits: 64 KiB for a BlobHeader, 32 MiB for a block's data.
            guard headerSize <= 64 * 1024 else { throw Damage("block \(number), at byte \(offset), is not a PBF block (a header of \(headerSize) bytes)") }
            let header = try handle.read(upToCount: Int(headerSize)) ?? Data()
            guard header.count == Int(headerSize) else { throw Damage.cut(block: number, at: offset, size: size) }
            guard let (type, dataSize) = blobHeader(header), dataSize <= 32 * 1024 * 1024 else {
                throw Damage("block \(number), at byte \(offset), is not a PBF block (its header cannot be read)")
            }
            offset += 4 + headerSize + dataSize
            guard offset <= size else { throw Damage.cut(block: number, at: offset - 4 - headerSize - dataSize, size: size) }
            blocks.types.append(type)
        }
        guard blocks.types.first == "OSMHeader" else { throw Damage("its first block is not an OSMHeader block") }
        guard blocks.types.contains("OSMData") else {
            throw Damage("it holds its header block alone, no data: a file cut after its first \(size) bytes")
        }
        return blocks
    }

    /// A BlobHeader's type (field 1, a string) and data size (field 3, a varint).
    private static func blobHeader(_ bytes: Data) -> (String, UInt64)? {
        var i = bytes.startIndex, type: String?, dataSize: UInt64?
        func varint() -> UInt64? {
            var value: UInt64 = 0, shift: UInt64 = 0
            while i < bytes.endIndex, shift < 64 {
                let byte = bytes[i]
                i += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        while i < bytes.endIndex {
            guard let key = varint() else { return nil }
            switch key & 7 {
            case 0:
                guard let value = varint() else { return nil }
                if key >> 3 == 3 { dataSize = value }
            case 2:
                guard let length = varint(), length <= UInt64(bytes.endIndex - i) else { return nil }
                let field = bytes[i..<i + Int(length)]
                i += Int(length)
                if key >> 3 == 1 { type = String(decoding: field, as: UTF8.self) }
            default:
                return nil
            }
        }
        guard let type, let dataSize else { return nil }
        return (type, dataSize)
    }

    /// Why a PBF file is not whole.
    struct Damage: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }

        static func cut(block: Int, at offset: UInt64, size: UInt64) -> Damage {
            Damage("it ends inside its block \(block) (which begins at byte \(offset) of \(size)): a file cut short")
        }
    }
}
