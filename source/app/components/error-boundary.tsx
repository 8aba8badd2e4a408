// Each screen renders inside one of these: a render bug shows what happened and lets the user go back
// instead of killing the app.
import React, {Component, type ReactNode} from 'react';
import {Box, Text} from 'ink';
import {sanitize} from '../../format/sanitize.js';

interface Props {
	children: ReactNode;
	/** Changes when the screen changes, so a new screen starts without the old error. */
	resetKey: string;
	color?: string;
}

interface State {
	error?: Error;
	resetKey: string;
}

export class ScreenErrorBoundary extends Component<Props, State> {
	override state: State = {resetKey: this.props.resetKey};

	static getDerivedStateFromError(error: Error): Partial<State> {
		return {error};
	}

	static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
		return props.resetKey === state.resetKey ? null : {error: undefined, resetKey: props.resetKey};
	}

	override render() {
		if (!this.state.error) return this.props.children;
		return (
			<Box flexDirection="column">
				<Text color={this.props.color} bold wrap="wrap">
					This screen failed: {sanitize(this.state.error.message)}
				</Text>
				<Text wrap="wrap">Press Esc to go back; the rest of the app still works.</Text>
			</Box>
		);
	}
}
