import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { rootReducer, type RootState } from '../lib/store-hooks';
import { errorMiddleware } from './error-rules';

export type { AppDispatch, RootState } from '../lib/store-hooks';

export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(errorMiddleware).concat(api.middleware),
  });
}
export type AppStore = ReturnType<typeof createStore>;
