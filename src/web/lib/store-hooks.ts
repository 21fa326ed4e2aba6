// The state every part of the portal reads (the API cache and the UI slice) and the typed hooks
// over it. The store itself, with the app's middleware, is composed in app/store.ts; features and
// components read through these hooks without importing the app.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { combineReducers } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import { uiSlice } from './ui-slice';

export const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, ui: uiSlice.reducer });
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
