import { Image } from '@tarojs/components'
import type { DecorativeImageProps } from './decorativeImageProps'

/** An image that only decorates (its meaning is in the text beside it): hidden from screen readers. */
export default function DecorativeImage({ className, src, mode }: DecorativeImageProps) {
  return <Image className={className} src={src} mode={mode} aria-hidden />
}
