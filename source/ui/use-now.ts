import {useEffect, useState} from 'react';

/** The local time, renewed every `everyMs` (for "updated 12 s ago"). */
export function useNow(everyMs = 1000): number {
	const [now, setNow] = useState(() => Date.now());
	useEffect(() => {
		const timer = setInterval(() => setNow(Date.now()), everyMs);
		return () => clearInterval(timer);
	}, [everyMs]);
	return now;
}
