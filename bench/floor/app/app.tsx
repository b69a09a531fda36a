import type { PropsWithChildren } from 'react'

// Nothing of the product: what Taro and React alone cost on each platform (bench/floor/floorApp.ts).
function App({ children }: PropsWithChildren) {
  return children
}

export default App
