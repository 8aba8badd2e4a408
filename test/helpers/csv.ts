// A small RFC 4180 reader for the tests: the inverse of source/format/csv.ts's writing (quoted fields, doubled quotes,
// line breaks inside quotes, CRLF or LF line ends), so a CSV can be compared with the JSON it came from.

export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let quoted = false;
	const endCell = () => {
		row.push(cell);
		cell = '';
	};
	for (let i = 0; i < text.length; i++) {
		const char = text[i]!;
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				cell += '"';
				i++;
			} else if (char === '"') quoted = false;
			else cell += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') endCell();
		else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++;
			endCell();
			rows.push(row);
			row = [];
		} else cell += char;
	}
	if (cell !== '' || row.length > 0) rows.push([...row, cell]);
	return rows;
}

/** The rows as objects by the header's names. */
export function csvRecords(text: string): {header: string[]; records: Array<Record<string, string>>} {
	const [header = [], ...rows] = parseCsv(text);
	return {header, records: rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])))};
}
