import { Text, View } from '@tarojs/components'

// One heading and one line of text, like the top of Life Pay's home page: the largest paint an app can have at best.
export default function Index() {
  return (
    <View>
      <Text>生活缴费</Text>
      <View>话费 · 电费 · 燃气费</View>
    </View>
  )
}
