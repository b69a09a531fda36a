import { Tooltip } from 'antd'

/** A table cell's text on one line cut to `width` px with an ellipsis, whole on hover. */
export function CellText({ text, width }: { text: string; width: number }) {
  return (
    <Tooltip placement='topLeft' title={text}>
      <span className='lp-cell-text' style={{ maxWidth: width }}>
        {text}
      </span>
    </Tooltip>
  )
}
