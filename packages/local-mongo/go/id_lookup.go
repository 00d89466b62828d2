// Added to FerretDB v1's internal/backends/sqlite package by @shop/local-mongo when it builds the
// local engine (packages/local-mongo/src/ferretdb.ts SOURCE_CHANGES, docs/decisions/local-engine.md).

package sqlite

import "github.com/FerretDB/FerretDB/internal/types"

// narrowsByID tells whether a filter names `_id` exactly once at its top level, so its `_id`
// equality (when the value is a string or an ObjectID) can narrow the SQL query: the engine still
// applies the whole filter to what SQL returns. A filter naming `_id` twice is left to the engine's
// own filtering, as before (types.Document.Get panics on a duplicated key).
func narrowsByID(filter *types.Document) bool {
	if filter.Len() == 0 {
		return false
	}

	n := 0

	for _, key := range filter.Keys() {
		if key == "_id" {
			n++
		}
	}

	return n == 1
}
