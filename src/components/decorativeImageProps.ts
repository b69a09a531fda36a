/** Props of DecorativeImage (DecorativeImage.tsx in mini-programs, DecorativeImage.h5.tsx on H5). */
export interface DecorativeImageProps {
  /** Sets the box's size (and shape); the image fits it as `mode` says. */
  className: string
  src: string
  mode: 'aspectFit' | 'aspectFill'
}
