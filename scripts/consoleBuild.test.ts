import assert from 'node:assert/strict'
import { test } from 'node:test'
import { deepImports } from './consoleBuild'

test("deepImports: the console's antd and icon barrel imports become one module each", () => {
  const source = [
    "import { useState } from 'react'",
    'import {',
    '  App as AntApp,',
    '  ConfigProvider,',
    '  DatePicker,',
    '  QRCode,',
    '  type TableProps,',
    "} from 'antd'",
    "import { DownloadOutlined, LogoutOutlined } from '@ant-design/icons'",
    "import type { UploadFile } from 'antd'",
    "import { type TableColumnsType } from 'antd'",
  ].join('\n')
  assert.equal(
    deepImports(source),
    [
      "import { useState } from 'react'",
      "import AntApp from 'antd/es/app'; import ConfigProvider from 'antd/es/config-provider'; " +
        "import DatePicker from 'antd/es/date-picker'; import QRCode from 'antd/es/qr-code'",
      "import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined'; " +
        "import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined'",
      "import type { UploadFile } from 'antd'",
      '',
    ].join('\n'),
  )
})
