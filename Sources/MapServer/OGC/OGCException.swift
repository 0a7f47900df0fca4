import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension APIError {
    /// The answer in OGC API's exception form (`{"code", "description"}`, the standard's
    /// exception schema), naming the parameter at fault as Waymark's own errors do.
    var exceptionResponse: Response {
        var exception = ["code": code, "description": message]
        exception["parameter"] = parameter
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try! JSONEncoder.sorted.encode(exception))))
    }
}
