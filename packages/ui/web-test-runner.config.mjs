import { wtrConfig } from '../../tools/wtr-config.mjs'

export default wtrConfig({ files: 'src/**/*.test.ts' })
