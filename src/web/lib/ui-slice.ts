// Modals of the frame (spec section 2). Error modals: one at a time; the first one stays.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ErrorModal = 'server' | 'client';
export type FrameModal = 'sessionExtension' | 'urlExists' | 'backButton';

export interface UiState {
  errorModal: ErrorModal | null;
  modal: FrameModal | null;
  sidePanelOpen: boolean;
}

const initialState: UiState = { errorModal: null, modal: null, sidePanelOpen: false };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    showErrorModal(state, action: PayloadAction<ErrorModal>) {
      state.errorModal ??= action.payload;
    },
    closeErrorModal(state) {
      state.errorModal = null;
    },
    showModal(state, action: PayloadAction<FrameModal>) {
      state.modal = action.payload;
    },
    closeModal(state, action: PayloadAction<FrameModal | undefined>) {
      if (!action.payload || state.modal === action.payload) state.modal = null;
    },
    setSidePanel(state, action: PayloadAction<boolean>) {
      state.sidePanelOpen = action.payload;
    },
  },
});

export const { showErrorModal, closeErrorModal, showModal, closeModal, setSidePanel } =
  uiSlice.actions;
