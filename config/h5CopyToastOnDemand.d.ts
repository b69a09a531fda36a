// Types of config/h5CopyToastOnDemand.js (plain JavaScript, bundled as it is).
export function showToast(options: { title: string; icon?: string; duration?: number }): Promise<unknown>
