package transforms

// The unit tests (package transforms_test, which imports package all and
// so this package through passes) reach these helpers under exported names.
var (
	UnitDimGroups         = unitDimGroups
	IsCheapOp             = isCheapOp
	ReadsThroughBroadcast = readsThroughBroadcast
)
