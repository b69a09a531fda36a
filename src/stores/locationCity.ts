import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { taroStorage } from './taroStorage'

/**
 * SPEC §1/§3: the location city, kept on the device only. It is the city of the user's last electricity region
 * choice (the app reads no device location: docs/decisions/regions.md), used to preselect the region.
 * It outlives logout: it describes the device's user's whereabouts, not an account.
 */
export interface LocationCityState {
  /** A city as GetElectricSupportArea names it ('深圳市'); '' until the user has chosen a region. */
  city: string
  setCity: (city: string) => void
}

export const useLocationCityStore = create<LocationCityState>()(
  persist(
    (set) => ({
      city: '',
      setCity: (city) => set({ city: city.trim() }),
    }),
    {
      name: 'lifePay.locationCity',
      storage: createJSONStorage(() => taroStorage),
      partialize: ({ city }) => ({ city }),
    },
  ),
)
