// Added to FerretDB v1's internal/clientconn package by @shop/local-mongo when it builds the
// local engine (packages/local-mongo/src/ferretdb.ts, docs/decisions/local-engine.md).
//
// FerretDB v1 with SQLite executes an update as a read and a separate write, without a
// transaction: two connections that update one document at once both read the old value and
// one increment is lost (a guarded stock decrement "succeeds" twice). MongoDB makes each
// single-document write atomic. With this file, write commands on one database run one after
// another, whichever connection sends them, which gives the same guarantee for the shop's
// conditional updates when several processes (instances of one service) share a database.
// Reads are not held up.

package clientconn

import (
	"sync"

	"github.com/FerretDB/wire"
)

// serialisedCommands are the commands that change documents.
var serialisedCommands = map[string]bool{
	"insert":        true,
	"update":        true,
	"delete":        true,
	"findAndModify": true,
	"findandmodify": true,
}

// writeLocks holds one mutex per database name.
var writeLocks sync.Map

// lockWrites takes the write lock of the message's database for a write command and returns
// the function that gives it back (a no-op for every other command).
func lockWrites(msg *wire.OpMsg, command string) func() {
	if !serialisedCommands[command] {
		return func() {}
	}

	db := ""

	if raw, err := msg.RawDocument(); err == nil {
		if doc, err := raw.Decode(); err == nil {
			if name, ok := doc.Get("$db").(string); ok {
				db = name
			}
		}
	}

	lock, _ := writeLocks.LoadOrStore(db, new(sync.Mutex))
	mu := lock.(*sync.Mutex)
	mu.Lock()

	return mu.Unlock
}
