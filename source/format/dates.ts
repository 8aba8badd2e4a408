/** Epoch milliseconds (as the API sends them) -> local "YYYY-MM-DD HH:mm"; "none" when empty or absent. */
export function localDateTime(epochMs: string | undefined): string {
	if (epochMs === undefined || epochMs === '' || !/^\d+$/.test(epochMs)) return 'none';
	const date = new Date(Number(epochMs));
	if (Number.isNaN(date.getTime())) return 'none';
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
