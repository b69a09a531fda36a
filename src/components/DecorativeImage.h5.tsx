import type { DecorativeImageProps } from './decorativeImageProps'
import './DecorativeImage.h5.scss'

/**
 * H5: a plain <img>. Taro's Image is a web component that renders each image through Stencil and, when it loads,
 * reads its size (a forced layout) to choose its aspect-fill direction: ~10 ms of a phone's main thread per image
 * on home. object-fit does what `mode` does.
 */
export default function DecorativeImage({ className, src, mode }: DecorativeImageProps) {
  return (
    <img
      className={`${className} lp-decorative-image lp-decorative-image--${mode}`}
      src={src}
      alt=''
      aria-hidden
      draggable={false}
    />
  )
}
