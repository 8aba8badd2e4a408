// Moving between screens. A route names a screen of the app's registry (source/app/registry.tsx) and carries its
// parameters; a screen builds the routes it opens with their constructors in source/screens/routes.ts,
// so this layer needs to know no screen.
import React, {createContext, useContext, type ReactNode} from 'react';

export interface Route {
	readonly name: string;
}

export interface Navigation {
	push(route: Route): void;
	replace(route: Route): void;
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
