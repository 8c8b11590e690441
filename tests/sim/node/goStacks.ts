/**
 * The Go program the sim's profiles pretend to come from: an avalanchego binary (coreth, libevm,
 * goleveldb linked in) built with Go 1.23 in CI. FN is the function catalogue (symbol name as the Go
 * runtime prints it, source file, first line; `inl` = inlined into its caller, so it shares the caller's
 * location as an extra line, as Go's profiles write inlined frames). CPU, HEAP and MUTEX are call trees
 * (root first) whose second element is the node's own weight: what lands on that frame as a leaf.
 * Heap leaves are never runtime frames (Go's heap profile hides the runtime allocation frames); mutex
 * leaves are the Unlock that records the contention, as in a real mutex profile.
 */

export interface FnDef {
  readonly name: string
  readonly file: string
  readonly line: number
  readonly inl?: true
}

const AG = 'github.com/ava-labs/avalanchego/'
const CO = 'github.com/ava-labs/coreth/'
const LE = 'github.com/ava-labs/libevm/'
const LDB = 'github.com/syndtr/goleveldb/leveldb'

const f = (name: string, file: string, line: number, inl?: true): FnDef => (inl ? { name, file, line, inl } : { name, file, line })

export const FN = {
  // runtime and the standard library
  goexit: f('runtime.goexit', 'asm_amd64.s', 1695),
  mcall: f('runtime.mcall', 'asm_amd64.s', 458),
  parkM: f('runtime.park_m', 'proc.go', 4074),
  schedule: f('runtime.schedule', 'proc.go', 3962),
  findRunnable: f('runtime.findRunnable', 'proc.go', 3297),
  netpoll: f('runtime.netpoll', 'netpoll_epoll.go', 99),
  epollWait: f('internal/runtime/syscall.EpollWait', 'syscall_linux.go', 32),
  stopm: f('runtime.stopm', 'proc.go', 2870),
  mPark: f('runtime.mPark', 'proc.go', 1857),
  notesleep: f('runtime.notesleep', 'lock_futex.go', 147),
  futexsleep: f('runtime.futexsleep', 'os_linux.go', 69),
  futex: f('runtime.futex', 'sys_linux_amd64.s', 557),
  gcBgMarkWorker: f('runtime.gcBgMarkWorker', 'mgc.go', 1363),
  systemstack: f('runtime.systemstack', 'asm_amd64.s', 509),
  gcBgMarkWorkerFunc2: f('runtime.gcBgMarkWorker.func2', 'mgc.go', 1423),
  gcDrain: f('runtime.gcDrain', 'mgcmark.go', 1174),
  scanobject: f('runtime.scanobject', 'mgcmark.go', 1419),
  findObject: f('runtime.findObject', 'mbitmap.go', 1271),
  greyobject: f('runtime.greyobject', 'mgcmark.go', 1618),
  markroot: f('runtime.markroot', 'mgcmark.go', 171),
  scanstack: f('runtime.scanstack', 'mgcmark.go', 806),
  scanframeworker: f('runtime.scanframeworker', 'mgcmark.go', 1043),
  mallocgc: f('runtime.mallocgc', 'malloc.go', 1001),
  growslice: f('runtime.growslice', 'slice.go', 155),
  memclr: f('runtime.memclrNoHeapPointers', 'memclr_amd64.s', 13),
  memmove: f('runtime.memmove', 'memmove_amd64.s', 35),
  cgocall: f('runtime.cgocall', 'cgocall.go', 154),
  syscallSyscall: f('syscall.Syscall', 'syscall_linux.go', 69),
  syscall6: f('internal/runtime/syscall.Syscall6', 'asm_linux_amd64.s', 36),
  syscallRead: f('syscall.Read', 'syscall_unix.go', 181, true),
  syscallWrite: f('syscall.Write', 'syscall_unix.go', 207, true),
  pollRead: f('internal/poll.(*FD).Read', 'fd_unix.go', 146),
  pollWrite: f('internal/poll.(*FD).Write', 'fd_unix.go', 368),
  netFDRead: f('net.(*netFD).Read', 'fd_posix.go', 54),
  netFDWrite: f('net.(*netFD).Write', 'fd_posix.go', 88),
  netConnRead: f('net.(*conn).Read', 'net.go', 189),
  netConnWrite: f('net.(*conn).Write', 'net.go', 201),
  tlsRead: f('crypto/tls.(*Conn).Read', 'conn.go', 1355),
  tlsReadRecord: f('crypto/tls.(*Conn).readRecordOrCCS', 'conn.go', 612),
  tlsReadFromUntil: f('crypto/tls.(*Conn).readFromUntil', 'conn.go', 818),
  tlsAtLeastRead: f('crypto/tls.(*atLeastReader).Read', 'conn.go', 800),
  tlsDecrypt: f('crypto/tls.(*halfConn).decrypt', 'conn.go', 344),
  tlsWrite: f('crypto/tls.(*Conn).Write', 'conn.go', 1185),
  tlsWriteRecord: f('crypto/tls.(*Conn).writeRecordLocked', 'conn.go', 998),
  tlsEncrypt: f('crypto/tls.(*halfConn).encrypt', 'conn.go', 484),
  gcmOpen: f('crypto/aes.(*gcmAsm).Open', 'gcm_asm.go', 148),
  gcmAesDec: f('crypto/aes.gcmAesDec', 'gcm_amd64.s', 1434),
  gcmSeal: f('crypto/aes.(*gcmAsm).Seal', 'gcm_asm.go', 104),
  gcmAesEnc: f('crypto/aes.gcmAesEnc', 'gcm_amd64.s', 1025),
  ioReadFull: f('io.ReadFull', 'io.go', 353, true),
  ioReadAtLeast: f('io.ReadAtLeast', 'io.go', 330),
  httpServe: f('net/http.(*conn).serve', 'server.go', 2039),
  serverHandler: f('net/http.serverHandler.ServeHTTP', 'server.go', 3210),
  handlerFunc: f('net/http.HandlerFunc.ServeHTTP', 'server.go', 2171),
  bufioNewReaderSize: f('bufio.NewReaderSize', 'bufio.go', 57),
  reflectCall: f('reflect.Value.Call', 'value.go', 368),
  reflectCallInner: f('reflect.Value.call', 'value.go', 596),
  jsonEncode: f('encoding/json.(*Encoder).Encode', 'stream.go', 208),
  jsonMarshal: f('encoding/json.(*encodeState).marshal', 'encode.go', 298),
  jsonReflect: f('encoding/json.(*encodeState).reflectValue', 'encode.go', 330),
  structEncode: f('encoding/json.structEncoder.encode', 'encode.go', 728),
  appendString: f('encoding/json.appendString[go.shape.string]', 'encode.go', 968, true),
  decoderRefill: f('encoding/json.(*Decoder).refill', 'stream.go', 158),
  mutexUnlock: f('sync.(*Mutex).Unlock', 'mutex.go', 212),
  rwUnlock: f('sync.(*RWMutex).Unlock', 'rwmutex.go', 202),
  rwRUnlock: f('sync.(*RWMutex).RUnlock', 'rwmutex.go', 105),

  // avalanchego
  dispatchSync: f(`${AG}snow/networking/handler.(*handler).dispatchSync`, 'handler.go', 382),
  handleSyncMsg: f(`${AG}snow/networking/handler.(*handler).handleSyncMsg`, 'handler.go', 474),
  enginePut: f(`${AG}snow/engine/snowman.(*Engine).Put`, 'engine.go', 232),
  engineChits: f(`${AG}snow/engine/snowman.(*Engine).Chits`, 'engine.go', 370),
  engineDeliver: f(`${AG}snow/engine/snowman.(*Engine).deliver`, 'engine.go', 1037),
  engineAddUnverified: f(`${AG}snow/engine/snowman.(*Engine).addUnverifiedBlockToConsensus`, 'engine.go', 1105),
  engineExecuteDeferred: f(`${AG}snow/engine/snowman.(*Engine).executeDeferredWork`, 'engine.go', 561),
  proposerVerify: f(`${AG}vms/proposervm.(*postForkBlock).Verify`, 'post_fork_block.go', 83),
  proposerCommonVerify: f(`${AG}vms/proposervm.(*postForkCommonComponents).Verify`, 'block.go', 97),
  chainVerify: f(`${AG}vms/components/chain.(*BlockWrapper).Verify`, 'block.go', 38),
  readMessages: f(`${AG}network/peer.(*peer).readMessages`, 'peer.go', 430),
  writeMessages: f(`${AG}network/peer.(*peer).writeMessages`, 'peer.go', 563),
  queuePop: f(`${AG}network/peer.(*throttledMessageQueue).Pop`, 'message_queue.go', 160),
  networkConnected: f(`${AG}network.(*network).Connected`, 'network.go', 470),
  parseInbound: f(`${AG}message.(*msgBuilder).parseInbound`, 'messages.go', 219),
  msgUnmarshal: f(`${AG}message.(*msgBuilder).unmarshal`, 'messages.go', 190, true),
  avaLeveldbGet: f(`${AG}database/leveldb.(*Database).Get`, 'db.go', 235),
  avaLeveldbPut: f(`${AG}database/leveldb.(*Database).Put`, 'db.go', 252),
  lruPut: f(`${AG}cache.(*LRU[go.shape.[32]uint8,go.shape.interface {}]).Put`, 'lru_cache.go', 35),
  linkedPut: f(`${AG}utils/linked.(*Hashmap[go.shape.[32]uint8,go.shape.interface {}]).Put`, 'hashmap.go', 42),

  // coreth
  blockVerify: f(`${CO}plugin/evm.(*Block).Verify`, 'block.go', 230),
  blockVerifyInner: f(`${CO}plugin/evm.(*Block).verify`, 'block.go', 312),
  adminStartCPU: f(`${CO}plugin/evm.(*Admin).StartCPUProfiler`, 'admin.go', 31),
  adminSetLogLevel: f(`${CO}plugin/evm.(*Admin).SetLogLevel`, 'admin.go', 72),
  insertBlockManual: f(`${CO}core.(*BlockChain).InsertBlockManual`, 'blockchain.go', 1173),
  insertBlock: f(`${CO}core.(*BlockChain).insertBlock`, 'blockchain.go', 1196),
  writeBlockWithState: f(`${CO}core.(*BlockChain).writeBlockWithState`, 'blockchain.go', 1285),
  process: f(`${CO}core.(*StateProcessor).Process`, 'state_processor.go', 72),
  applyTransaction: f(`${CO}core.ApplyTransaction`, 'state_processor.go', 185),
  applyTransactionInner: f(`${CO}core.applyTransaction`, 'state_processor.go', 110),
  applyMessage: f(`${CO}core.ApplyMessage`, 'state_transition.go', 186),
  transitionDb: f(`${CO}core.(*StateTransition).TransitionDb`, 'state_transition.go', 401),
  stateGetState: f(`${CO}core/state.(*StateDB).GetState`, 'statedb.go', 374),
  objGetState: f(`${CO}core/state.(*stateObject).GetState`, 'state_object.go', 175, true),
  objGetCommitted: f(`${CO}core/state.(*stateObject).GetCommittedState`, 'state_object.go', 190),
  stateFinalise: f(`${CO}core/state.(*StateDB).Finalise`, 'statedb.go', 880),
  intermediateRoot: f(`${CO}core/state.(*StateDB).IntermediateRoot`, 'statedb.go', 930),
  updateRoot: f(`${CO}core/state.(*stateObject).updateRoot`, 'state_object.go', 365),
  journalAppend: f(`${CO}core/state.(*journal).append`, 'journal.go', 88, true),
  stateSetState: f(`${CO}core/state.(*StateDB).SetState`, 'statedb.go', 480),
  snapStorage: f(`${CO}core/state/snapshot.(*diskLayer).Storage`, 'disklayer.go', 140),
  snapUpdate: f(`${CO}core/state/snapshot.(*Tree).Update`, 'snapshot.go', 331),
  newDiffLayer: f(`${CO}core/state/snapshot.newDiffLayer`, 'difflayer.go', 117),
  rawdbWriteBlock: f(`${CO}core/rawdb.WriteBlock`, 'accessors_chain.go', 624),
  runReorg: f(`${CO}core/txpool/legacypool.(*LegacyPool).runReorg`, 'legacypool.go', 1282),
  promoteExec: f(`${CO}core/txpool/legacypool.(*LegacyPool).promoteExecutables`, 'legacypool.go', 1543),
  poolAdd: f(`${CO}core/txpool/legacypool.(*LegacyPool).Add`, 'legacypool.go', 1011),
  poolAddLocked: f(`${CO}core/txpool/legacypool.(*LegacyPool).addTxsLocked`, 'legacypool.go', 1098),
  newList: f(`${CO}core/txpool/legacypool.newList`, 'list.go', 295),
  rpcServeHTTP: f(`${CO}rpc.(*Server).ServeHTTP`, 'http.go', 330),
  rpcServeSingle: f(`${CO}rpc.(*Server).serveSingleRequest`, 'server.go', 155),
  handleMsg: f(`${CO}rpc.(*handler).handleMsg`, 'handler.go', 273),
  handleCallMsg: f(`${CO}rpc.(*handler).handleCallMsg`, 'handler.go', 535),
  runMethod: f(`${CO}rpc.(*handler).runMethod`, 'handler.go', 594),
  callbackCall: f(`${CO}rpc.(*callback).call`, 'service.go', 200),
  writeJSON: f(`${CO}rpc.(*jsonCodec).writeJSON`, 'json.go', 262),
  getBlockByNumber: f(`${CO}internal/ethapi.(*BlockChainAPI).GetBlockByNumber`, 'api.go', 804),
  rpcMarshalBlock: f(`${CO}internal/ethapi.RPCMarshalBlock`, 'api.go', 1480),
  newRPCTransaction: f(`${CO}internal/ethapi.newRPCTransaction`, 'api.go', 1530),

  // libevm
  evmCall: f(`${LE}core/vm.(*EVM).Call`, 'evm.go', 209),
  interpRun: f(`${LE}core/vm.(*EVMInterpreter).Run`, 'interpreter.go', 166),
  opSload: f(`${LE}core/vm.opSload`, 'instructions.go', 516),
  opSstore: f(`${LE}core/vm.opSstore`, 'instructions.go', 524),
  opKeccak: f(`${LE}core/vm.opKeccak256`, 'instructions.go', 234),
  opMstore: f(`${LE}core/vm.opMstore`, 'instructions.go', 502),
  opMul: f(`${LE}core/vm.opMul`, 'instructions.go', 45),
  memSet32: f(`${LE}core/vm.(*Memory).Set32`, 'memory.go', 54, true),
  memResize: f(`${LE}core/vm.(*Memory).Resize`, 'memory.go', 72),
  stateTrieHash: f(`${LE}trie.(*StateTrie).Hash`, 'secure_trie.go', 259),
  trieHash: f(`${LE}trie.(*Trie).Hash`, 'trie.go', 611),
  hasherHash: f(`${LE}trie.(*hasher).hash`, 'hasher.go', 66),
  hashFullChildren: f(`${LE}trie.(*hasher).hashFullNodeChildren`, 'hasher.go', 128),
  hashData: f(`${LE}trie.(*hasher).hashData`, 'hasher.go', 183),
  rlpEncodeToBytes: f(`${LE}rlp.EncodeToBytes`, 'encode.go', 60),
  rlpMakeBytes: f(`${LE}rlp.(*encBuffer).makeBytes`, 'encbuffer.go', 107),
  typesSender: f(`${LE}core/types.Sender`, 'transaction_signing.go', 140),
  cancunSender: f(`${LE}core/types.cancunSigner.Sender`, 'transaction_signing.go', 204),
  recoverPlain: f(`${LE}core/types.recoverPlain`, 'transaction_signing.go', 559),
  ecrecover: f(`${LE}crypto.Ecrecover`, 'signature_cgo.go', 33, true),
  secpRecover: f(`${LE}crypto/secp256k1.RecoverPubkey`, 'secp256.go', 112),

  // other modules
  uintMul: f('github.com/holiman/uint256.(*Int).Mul', 'uint256.go', 455, true),
  fastcacheHasGet: f('github.com/VictoriaMetrics/fastcache.(*Cache).HasGet', 'fastcache.go', 171),
  fastcacheBucketGet: f('github.com/VictoriaMetrics/fastcache.(*bucket).Get', 'fastcache.go', 370),
  sha3Write: f('golang.org/x/crypto/sha3.(*state).Write', 'sha3.go', 145),
  sha3Read: f('golang.org/x/crypto/sha3.(*state).Read', 'sha3.go', 171),
  keccakF: f('golang.org/x/crypto/sha3.keccakF1600', 'keccakf_amd64.s', 319),
  protoUnmarshal: f('google.golang.org/protobuf/proto.UnmarshalOptions.unmarshal', 'decode.go', 98),
  protoUnmarshalPointer: f('google.golang.org/protobuf/internal/impl.(*MessageInfo).unmarshalPointer', 'decode.go', 104),
  protoConsumeBytes: f('google.golang.org/protobuf/internal/impl.consumeBytesNoZero', 'codec_gen.go', 5050),
  gorillaServe: f('github.com/gorilla/rpc/v2.(*Server).ServeHTTP', 'server.go', 155),
  gather: f('github.com/prometheus/client_golang/prometheus.(*Registry).Gather', 'registry.go', 413),
  processMetric: f('github.com/prometheus/client_golang/prometheus.processMetric', 'registry.go', 620),
  promHandler: f('github.com/prometheus/client_golang/prometheus/promhttp.HandlerForTransactional.func1', 'http.go', 126),
  tCompaction: f(`${LDB}.(*DB).tCompaction`, 'db_compaction.go', 836),
  tableAutoCompaction: f(`${LDB}.(*DB).tableAutoCompaction`, 'db_compaction.go', 786),
  tableCompaction: f(`${LDB}.(*DB).tableCompaction`, 'db_compaction.go', 573),
  compactionTransact: f(`${LDB}.(*DB).compactionTransact`, 'db_compaction.go', 186),
  tcbRun: f(`${LDB}.(*tableCompactionBuilder).run`, 'db_compaction.go', 458),
  tableWriterAppend: f(`${LDB}/table.(*Writer).Append`, 'writer.go', 247),
  tableWriteBlock: f(`${LDB}/table.(*Writer).writeBlock`, 'writer.go', 159),
  snappyEncode: f('github.com/golang/snappy.Encode', 'encode.go', 22),
  snappyEncodeBlock: f('github.com/golang/snappy.encodeBlock', 'encode_amd64.s', 348),
  mergedNext: f(`${LDB}/iterator.(*mergedIterator).Next`, 'merged_iter.go', 167),
  dbGet: f(`${LDB}.(*DB).Get`, 'db.go', 851),
  dbGetInner: f(`${LDB}.(*DB).get`, 'db.go', 775),
  dbWrite: f(`${LDB}.(*DB).Write`, 'db_write.go', 277),
  writeLocked: f(`${LDB}.(*DB).writeLocked`, 'db_write.go', 157),
  rotateMem: f(`${LDB}.(*DB).rotateMem`, 'db_write.go', 36),
  newMem: f(`${LDB}.(*DB).newMem`, 'db_state.go', 114),
  memdbNew: f(`${LDB}/memdb.New`, 'memdb.go', 474),
  readBlock: f(`${LDB}/table.(*Reader).readBlock`, 'reader.go', 600),
  bufferPoolGet: f(`${LDB}/util.(*BufferPool).Get`, 'buffer_pool.go', 95),
} as const satisfies Record<string, FnDef>

export type FnKey = keyof typeof FN

/** [function, own weight, ...callees] */
export type Tree = readonly [FnKey, number, ...Tree[]]

const t = (key: FnKey, self: number, ...children: Tree[]): Tree => [key, self, ...children]

// ---- shared chains ---------------------------------------------------------------------------------

/** consensus: a block arrives and is verified (dispatchSync → … → insertBlock); `own` = CPU time on the way */
const verifyChain = (own: 0 | 1, ...insert: Tree[]): Tree =>
  t('dispatchSync', 0,
    t('handleSyncMsg', 2 * own,
      t('enginePut', own,
        t('engineDeliver', 0,
          t('engineAddUnverified', 0,
            t('proposerVerify', 0,
              t('proposerCommonVerify', own,
                t('chainVerify', 0,
                  t('blockVerify', 0,
                    t('blockVerifyInner', own,
                      t('insertBlockManual', 0,
                        t('insertBlock', own, ...insert))))))))))))

const tlsReadChain = (...below: Tree[]): Tree =>
  t('ioReadFull', 0, t('ioReadAtLeast', 0, t('tlsRead', 1, t('tlsReadRecord', 1, ...below))))

const syscallChain = (fd: 'read' | 'write', self: number): Tree =>
  fd === 'read'
    ? t('netConnRead', 0, t('netFDRead', 0, t('pollRead', 1, t('syscallRead', 0, t('syscallSyscall', 1, t('syscall6', self))))))
    : t('netConnWrite', 0, t('netFDWrite', 0, t('pollWrite', 1, t('syscallWrite', 0, t('syscallSyscall', 1, t('syscall6', self))))))

const ethRpcChain = (...below: Tree[]): Tree =>
  t('httpServe', 1, t('serverHandler', 0, t('handlerFunc', 0, t('rpcServeHTTP', 0, t('rpcServeSingle', 0, t('handleMsg', 1, ...below))))))

// ---- CPU --------------------------------------------------------------------------------------------

export const CPU: readonly Tree[] = [
  t('goexit', 0,
    verifyChain(1,
      t('process', 2,
        t('applyTransaction', 0,
          t('applyTransactionInner', 1,
            t('applyMessage', 0,
              t('transitionDb', 1,
                t('evmCall', 2,
                  t('interpRun', 30,
                    t('opSload', 2, t('stateGetState', 0, t('objGetState', 0, t('objGetCommitted', 3, t('snapStorage', 2, t('fastcacheHasGet', 2, t('fastcacheBucketGet', 5))))))),
                    t('opSstore', 1, t('stateSetState', 1, t('journalAppend', 0, t('growslice', 1, t('mallocgc', 2))))),
                    t('opKeccak', 1, t('sha3Write', 1, t('keccakF', 14))),
                    t('opMstore', 3, t('memSet32', 2)),
                    t('opMul', 1, t('uintMul', 3)),
                    t('memResize', 1, t('growslice', 2, t('mallocgc', 6, t('memclr', 4)))),
                    t('memmove', 2)))))),
            t('stateFinalise', 2))),
      t('intermediateRoot', 1,
        t('updateRoot', 0,
          t('stateTrieHash', 0,
            t('trieHash', 0,
              t('hasherHash', 2,
                t('hashFullChildren', 2,
                  t('hashData', 1, t('sha3Read', 1, t('keccakF', 10))),
                  t('mallocgc', 3))))))),
      t('writeBlockWithState', 1, t('rawdbWriteBlock', 0, t('rlpEncodeToBytes', 2, t('memmove', 1))))),
    t('dispatchSync', 0, t('handleSyncMsg', 0, t('engineChits', 1, t('engineExecuteDeferred', 2)))),
    t('readMessages', 2,
      tlsReadChain(
        t('tlsDecrypt', 1, t('gcmOpen', 0, t('gcmAesDec', 8))),
        t('tlsReadFromUntil', 0, t('tlsAtLeastRead', 0, syscallChain('read', 5)))),
      t('parseInbound', 1, t('msgUnmarshal', 0, t('protoUnmarshal', 1, t('protoUnmarshalPointer', 3, t('protoConsumeBytes', 2, t('mallocgc', 2))))))),
    t('writeMessages', 1,
      t('tlsWrite', 0, t('tlsWriteRecord', 1, t('tlsEncrypt', 0, t('gcmSeal', 0, t('gcmAesEnc', 5))), syscallChain('write', 4)))),
    t('gcBgMarkWorker', 1,
      t('systemstack', 0,
        t('gcBgMarkWorkerFunc2', 0,
          t('gcDrain', 3,
            t('scanobject', 18, t('findObject', 6), t('greyobject', 4)),
            t('markroot', 0, t('scanstack', 1, t('scanframeworker', 3))))))),
    ethRpcChain(
      t('handleCallMsg', 0,
        t('runMethod', 0,
          t('callbackCall', 0,
            t('reflectCall', 0, t('reflectCallInner', 2, t('getBlockByNumber', 1, t('rpcMarshalBlock', 2, t('newRPCTransaction', 1, t('mallocgc', 1))))))))),
      t('writeJSON', 0, t('jsonEncode', 1, t('jsonMarshal', 0, t('jsonReflect', 1, t('structEncode', 4, t('appendString', 3))))))),
    t('tCompaction', 0,
      t('tableAutoCompaction', 0,
        t('tableCompaction', 0,
          t('compactionTransact', 0,
            t('tcbRun', 2,
              t('tableWriterAppend', 1, t('tableWriteBlock', 0, t('snappyEncode', 0, t('snappyEncodeBlock', 6)))),
              t('mergedNext', 3)))))),
    t('runReorg', 1,
      t('promoteExec', 1,
        t('typesSender', 0, t('cancunSender', 0, t('recoverPlain', 1, t('ecrecover', 0, t('secpRecover', 0, t('cgocall', 5)))))))),
    t('promHandler', 0, t('gather', 1, t('processMetric', 2)))),
  t('mcall', 0,
    t('parkM', 0,
      t('schedule', 1,
        t('findRunnable', 3,
          t('netpoll', 0, t('epollWait', 4)),
          t('stopm', 0, t('mPark', 0, t('notesleep', 0, t('futexsleep', 0, t('futex', 5))))))))),
]

// ---- heap -------------------------------------------------------------------------------------------

export const HEAP: readonly Tree[] = [
  t('goexit', 0,
    verifyChain(0,
      t('intermediateRoot', 0,
        t('updateRoot', 0, t('stateTrieHash', 0, t('trieHash', 0, t('hasherHash', 0, t('hashFullChildren', 10, t('hashData', 4))))))),
      t('process', 0,
        t('applyTransaction', 0,
          t('applyTransactionInner', 0,
            t('applyMessage', 0,
              t('transitionDb', 0,
                t('evmCall', 0,
                  t('interpRun', 0,
                    t('memResize', 4),
                    t('opSstore', 0, t('stateSetState', 0, t('journalAppend', 3)))))))))),
      t('writeBlockWithState', 0,
        t('rawdbWriteBlock', 0, t('rlpEncodeToBytes', 0, t('rlpMakeBytes', 5))),
        t('avaLeveldbPut', 0, t('dbWrite', 0, t('writeLocked', 0, t('rotateMem', 0, t('newMem', 0, t('memdbNew', 8))))))),
      t('snapUpdate', 0, t('newDiffLayer', 6))),
    t('dispatchSync', 0,
      t('handleSyncMsg', 0,
        t('enginePut', 0, t('avaLeveldbGet', 0, t('dbGet', 0, t('dbGetInner', 0, t('readBlock', 0, t('bufferPoolGet', 7)))))),
        t('engineChits', 0, t('lruPut', 0, t('linkedPut', 3))))),
    t('readMessages', 3,
      t('parseInbound', 0, t('msgUnmarshal', 0, t('protoUnmarshal', 0, t('protoUnmarshalPointer', 0, t('protoConsumeBytes', 2)))))),
    t('httpServe', 0,
      t('bufioNewReaderSize', 1),
      t('serverHandler', 0,
        t('handlerFunc', 0,
          t('rpcServeHTTP', 0,
            t('rpcServeSingle', 0,
              t('handleMsg', 0,
                t('decoderRefill', 1),
                t('handleCallMsg', 0,
                  t('runMethod', 0,
                    t('callbackCall', 0,
                      t('reflectCall', 0, t('reflectCallInner', 0, t('getBlockByNumber', 0, t('rpcMarshalBlock', 1, t('newRPCTransaction', 2)))))))))))))),
    t('poolAdd', 0, t('poolAddLocked', 0, t('newList', 1)))),
]

/** allocation sizes (bytes) a heap leaf allocates; each size is its own sample, as Go writes them */
export const HEAP_SIZES: Partial<Record<FnKey, readonly number[]>> = {
  hashFullChildren: [576],
  hashData: [32],
  memResize: [1024, 4096, 8192],
  journalAppend: [48, 96],
  rlpMakeBytes: [512, 2048, 8192],
  newDiffLayer: [1024, 98304],
  memdbNew: [4194304],
  bufferPoolGet: [4096, 32768],
  linkedPut: [64],
  readMessages: [2048, 16384],
  protoConsumeBytes: [128, 640],
  bufioNewReaderSize: [4096],
  decoderRefill: [512],
  rpcMarshalBlock: [896],
  newRPCTransaction: [416],
  newList: [96],
}

/** the part of a leaf's allocations still in use (buffers come and go; memdb and caches stay) */
export const HEAP_KEEP: Partial<Record<FnKey, number>> = {
  memdbNew: 0.9,
  linkedPut: 0.85,
  newDiffLayer: 0.6,
  bufferPoolGet: 0.3,
  hashFullChildren: 0.05,
  readMessages: 0.02,
}

// ---- mutex ------------------------------------------------------------------------------------------

export const MUTEX: readonly Tree[] = [
  t('goexit', 0,
    t('dispatchSync', 0, t('handleSyncMsg', 0, t('mutexUnlock', 12))),
    verifyChain(0, t('writeBlockWithState', 0, t('rwUnlock', 3), t('avaLeveldbPut', 0, t('rwRUnlock', 2)))),
    t('httpServe', 0,
      t('serverHandler', 0,
        t('gorillaServe', 0,
          t('reflectCall', 0,
            t('reflectCallInner', 0,
              t('adminStartCPU', 0, t('mutexUnlock', 1)),
              t('adminSetLogLevel', 0, t('mutexUnlock', 1))))))),
    t('runReorg', 0, t('rwUnlock', 5)),
    t('poolAdd', 0, t('poolAddLocked', 0, t('rwUnlock', 2))),
    t('readMessages', 0, t('networkConnected', 0, t('rwUnlock', 1))),
    t('writeMessages', 0, t('queuePop', 0, t('mutexUnlock', 4)))),
]

/** typical wait (ns) behind one contention, per path leaf's caller (the lock's owner) */
export const MUTEX_WAIT_NS: Partial<Record<FnKey, number>> = {
  handleSyncMsg: 2_400_000,
  writeBlockWithState: 350_000,
  adminStartCPU: 900_000,
  adminSetLogLevel: 600_000,
  runReorg: 180_000,
  poolAddLocked: 60_000,
  avaLeveldbPut: 25_000,
  networkConnected: 15_000,
  queuePop: 8_000,
}

// ---- where the binary and its sources live -----------------------------------------------------------

export const BINARY = '/home/ubuntu/avalanche-node/avalanchego'
const GOROOT = '/opt/hostedtoolcache/go/1.23.9/x64/src'
const MAIN_MODULE = 'github.com/ava-labs/avalanchego'
const MAIN_DIR = '/home/runner/work/avalanchego/avalanchego'
const MODCACHE = '/home/runner/go/pkg/mod'
const MODULES: readonly [string, string][] = [
  ['github.com/ava-labs/coreth', 'v0.15.1'],
  ['github.com/ava-labs/libevm', 'v1.13.14-0.3.0.release'],
  ['github.com/VictoriaMetrics/fastcache', 'v1.12.1'],
  ['github.com/holiman/uint256', 'v1.2.4'],
  ['github.com/syndtr/goleveldb', 'v1.0.1-0.20220614013038-64ee5596c38a'],
  ['github.com/golang/snappy', 'v0.0.5-0.20220116011046-fa5810519dcb'],
  ['github.com/gorilla/rpc', 'v1.2.0'],
  ['github.com/prometheus/client_golang', 'v1.21.0'],
  ['golang.org/x/crypto', 'v0.36.0'],
  ['google.golang.org/protobuf', 'v1.36.5'],
]

/** "github.com/a/b/pkg.(*T).M" → "github.com/a/b/pkg"; "runtime.mallocgc" → "runtime" */
export function packageOf(symbol: string): string {
  const bracket = symbol.indexOf('[')
  const head = bracket < 0 ? symbol : symbol.slice(0, bracket)
  const slash = head.lastIndexOf('/')
  const dot = head.indexOf('.', slash + 1)
  return dot < 0 ? head : head.slice(0, dot)
}

/** The absolute source path Go records for a function, as a CI build of avalanchego would have it. */
export function sourcePath(def: FnDef): string {
  const pkg = packageOf(def.name)
  if (!pkg.split('/')[0]!.includes('.')) return `${GOROOT}/${pkg}/${def.file}`
  if (pkg === MAIN_MODULE || pkg.startsWith(`${MAIN_MODULE}/`)) return `${MAIN_DIR}${pkg.slice(MAIN_MODULE.length)}/${def.file}`
  const mod = MODULES.find(([m]) => pkg === m || pkg.startsWith(`${m}/`))
  if (!mod) return `${MODCACHE}/${pkg}/${def.file}`
  return `${MODCACHE}/${mod[0]}@${mod[1]}${pkg.slice(mod[0].length)}/${def.file}`
}
