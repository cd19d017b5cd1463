using TableLoad.Reporting;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting;

public sealed class CsvRowBuilderTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(999)]
    [InlineData(1_000)]
    [InlineData(45_678)]
    [InlineData(1_234_567)]
    [InlineData(2_592_000_000_000)]
    [InlineData(-1)]
    [InlineData(-12_345)]
    public void Millis_WritesWhatCsvMillisWrites(long micros)
    {
        using var culture = new CultureScope("de-DE");
        Span<char> buffer = stackalloc char[64];
        var row = new CsvRowBuilder(buffer);

        row.Millis(micros);

        Assert.True(row.TryComplete(out var length));
        Assert.Equal(Csv.Millis(micros), buffer[..length].ToString());
    }

    [Fact]
    public void Cells_AreSeparatedAndQuotedLikeCsv()
    {
        Span<char> buffer = stackalloc char[64];
        var row = new CsvRowBuilder(buffer);

        row.Number(-7);
        row.Optional(null);
        row.Optional(404);
        row.Text("a,\"b\"");
        row.Bool(true);
        row.Plain([]);

        Assert.True(row.TryComplete(out var length));
        Assert.Equal("-7,,404,\"a,\"\"b\"\"\",true,", buffer[..length].ToString());
    }

    [Theory]
    [InlineData(1)]
    [InlineData(5)]
    [InlineData(9)]
    public void TryComplete_BufferTooSmall_IsFalse(int size)
    {
        Span<char> buffer = stackalloc char[size];
        var row = new CsvRowBuilder(buffer);

        row.Number(12_345);
        row.Text("abcd");

        Assert.False(row.TryComplete(out _));
    }
}
