/** The one Electron IPC channel the contract travels on, in both directions. */
export const IPC_CHANNEL = 'companion:frame'
