import { createContext } from 'react';
import type { AppArea } from './route-types';

/**
 * The signed-in shell's route table, handed down to pages (issue 27): a page that links only
 * where the user may go reads it here instead of importing `areas`, which lazily imports every
 * page and would close an import loop. The shell provides it; a page rendered alone (a test
 * without it) sees no route, so it offers no link.
 */
export const RouteTableContext = createContext<readonly AppArea[]>([]);
