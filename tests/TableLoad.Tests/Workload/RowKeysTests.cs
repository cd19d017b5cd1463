using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class RowKeysTests
{
    [Fact]
    public void Stem_NamesInstanceProcessTaskAndSequenceFixedWidth() =>
        Assert.Equal("tl-001-002-0003-0000000004-", RowKeys.Stem("tl", 1, 2, 3, 4));

    [Fact]
    public void Stem_DifferentProcessTaskOrSequence_NeverCollide()
    {
        var keys = new HashSet<string>(StringComparer.Ordinal);
        foreach (var process in new[] { 0, 1, 12, 123 })
        {
            foreach (var task in new[] { 0, 1, 2, 23, 231, 9999 })
            {
                foreach (var sequence in new long[] { 0, 1, 12, 123, 1_234_567_890 })
                {
                    for (var index = 0; index < 100; index += 33)
                    {
                        Assert.True(keys.Add(RowKeys.Stem("tl", 0, process, task, sequence) + index.ToString("D3", System.Globalization.CultureInfo.InvariantCulture)));
                    }
                }
            }
        }
    }

    [Fact]
    public void Stem_AnyValuesInRange_HaveTheSameLength()
    {
        var lengths = new[]
        {
            RowKeys.Stem("tl", 0, 0, 0, 0),
            RowKeys.Stem("tl", 999, 999, 9999, 9_999_999_999),
            RowKeys.Stem("tl", 5, 42, 311, 70_000),
        }.Select(s => s.Length + 3);

        Assert.All(lengths, l => Assert.Equal(RowKeys.Length("tl"), l));
    }

    [Fact]
    public void Stem_LaterSequence_SortsAfterEarlier() =>
        Assert.True(string.CompareOrdinal(RowKeys.Stem("tl", 0, 0, 1, 9), RowKeys.Stem("tl", 0, 0, 1, 10)) < 0);
}
