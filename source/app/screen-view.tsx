import React from 'react';
import type {Screen, ScreenName} from './screen-stack.js';
import {HomeScreen} from '../screens/home/home-screen.js';
import {SymbolsScreen} from '../screens/symbols/symbols-screen.js';
import {EstimateScreen} from '../screens/estimate/estimate-screen.js';
import {BorrowScreen} from '../screens/borrow/borrow-screen.js';
import {CredentialsScreen} from '../screens/credentials/credentials-screen.js';

export const SCREEN_TITLES: Record<ScreenName, string> = {
	home: 'Home',
	symbols: 'Symbols',
	estimate: 'Estimate',
	borrow: 'Borrow',
	credentials: 'Credentials',
};

export function ScreenView({screen}: {screen: Screen}) {
	switch (screen.name) {
		case 'home':
			return <HomeScreen />;
		case 'symbols':
			return <SymbolsScreen />;
		case 'estimate':
			return <EstimateScreen />;
		case 'borrow':
			return <BorrowScreen prefill={screen.prefill} />;
		case 'credentials':
			return <CredentialsScreen />;
	}
}
