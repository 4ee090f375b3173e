import BoxOfficeCore
/// Encodes an `Encodable` model into a `JSONValue`, object members in the order the model encodes
/// them. The models' `Encodable` conformances are their JSON contract; the CLI prints what this
/// makes of them, so an app's `JSONEncoder` and `boxoffice --format json` cannot disagree.
///
/// It asks nothing at run time (no `as?` on the values), so a run that prints JSON scans no
/// conformance records.
package enum JSONValueEncoder {
    /// The JSON of a value.
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let node = JSONNode()
        try value.encode(to: NodeEncoder(node: node, codingPath: []))
        return node.value
    }
}

package extension JSONValue {
    /// The JSON of a model. Encoding into a `JSONValue` never fails and the models' own
    /// `encode(to:)` throw only what their encoder throws, so the fallback is unreachable; a debug
    /// build stops there rather than print `null` for a model.
    init(encoding value: some Encodable) {
        do {
            self = try JSONValueEncoder.encode(value)
        } catch {
            assertionFailure("A model failed to encode: \(error)")
            self = .null
        }
    }
}

/// A place in the document being built. Containers are handed out before their contents are
/// written, so they write into a node they share with their parent.
private final class JSONNode {
    private enum Kind {
        case unset, scalar(JSONValue), object, array
    }

    private var kind = Kind.unset
    private var members: [(key: String, node: JSONNode)] = []
    private var elements: [JSONNode] = []

    /// What was written; a value that wrote nothing is `{}`, as `JSONEncoder` writes it.
    var value: JSONValue {
        switch kind {
        case .unset: .object([])
        case .scalar(let value): value
        case .object: .object(members.map { ($0.key, $0.node.value) })
        case .array: .array(elements.map(\.value))
        }
    }

    func set(_ value: JSONValue) {
        kind = .scalar(value)
        members = []
        elements = []
    }

    /// Makes this node an object, keeping members already written (a keyed container asked for twice).
    func becomeObject() {
        if case .object = kind { return }
        kind = .object
        members = []
        elements = []
    }

    /// Makes this node an array, keeping elements already written.
    func becomeArray() {
        if case .array = kind { return }
        kind = .array
        members = []
        elements = []
    }

    /// The node of an object member; a key written twice keeps its first place and the last value.
    func member(_ key: String) -> JSONNode {
        becomeObject()
        let node = JSONNode()
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = node
        } else {
            members.append((key, node))
        }
        return node
    }

    /// The node of the next array element.
    func appendElement() -> JSONNode {
        becomeArray()
        let node = JSONNode()
        elements.append(node)
        return node
    }

    /// Elements written so far.
    var elementCount: Int { elements.count }
}

/// Scalars as `JSONValue`s: whole numbers stay whole, the rest are numbers.
private enum Scalar {
    static func integer(_ value: some BinaryInteger) -> JSONValue {
        if let exact = Int64(exactly: value) { return .integer(exact) }
        return .number(Double(value))
    }
}

private struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue, _ key: Key) {
        node.member(key.stringValue).set(value)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.number(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(Scalar.integer(value), key) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try value.encode(to: NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.elementCount }

    private func append(_ value: JSONValue) {
        node.appendElement().set(value)
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.number(value)) }
    mutating func encode(_ value: Float) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: Int8) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: Int16) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: Int32) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: Int64) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt8) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt16) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt32) throws { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt64) throws { append(Scalar.integer(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try value.encode(to: elementEncoder())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        elementEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        elementEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        elementEncoder()
    }

    private func elementEncoder() -> NodeEncoder {
        let index = ElementKey(intValue: node.elementCount)
        return NodeEncoder(node: node.appendElement(), codingPath: codingPath + [index])
    }
}

private struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(.number(value)) }
    mutating func encode(_ value: Float) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: Int) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: Int8) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: Int16) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: Int32) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: Int64) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: UInt) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: UInt8) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: UInt16) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: UInt32) throws { node.set(Scalar.integer(value)) }
    mutating func encode(_ value: UInt64) throws { node.set(Scalar.integer(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}

/// The coding-path key of an array element.
private struct ElementKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
