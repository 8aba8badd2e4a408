// The words for records left out because they could not be read (api/loan-schemas.ts reads lists record by record):
// the same on the command line (stderr) and on the app's screens.

/** "1 record could not be read and is not shown", "2 records could not be read and are not shown". */
export function unreadableNote(count: number): string {
	return count === 1 ? '1 record could not be read and is not shown' : `${count} records could not be read and are not shown`;
}
