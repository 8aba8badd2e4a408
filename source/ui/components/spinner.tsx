import React, {useEffect, useState} from 'react';
import {Text} from 'ink';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function Spinner({label, color}: {label: string; color?: string}) {
	const [frame, setFrame] = useState(0);
	useEffect(() => {
		const timer = setInterval(() => setFrame((previous) => (previous + 1) % FRAMES.length), 80);
		return () => clearInterval(timer);
	}, []);
	return (
		<Text wrap="truncate">
			<Text color={color}>{FRAMES[frame]}</Text> {label}
		</Text>
	);
}
