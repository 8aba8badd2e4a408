import React, {createContext, useContext, type ReactNode} from 'react';
import type {Screen} from './screen-stack.js';

export interface Navigation {
	push(screen: Screen): void;
	replace(screen: Screen): void;
	back(): void;
	home(): void;
	quit(): void;
}

const NavigationContext = createContext<Navigation | undefined>(undefined);

export function NavigationProvider({navigation, children}: {navigation: Navigation; children: ReactNode}) {
	return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
	const navigation = useContext(NavigationContext);
	if (!navigation) throw new Error('useNavigation outside NavigationProvider');
	return navigation;
}
