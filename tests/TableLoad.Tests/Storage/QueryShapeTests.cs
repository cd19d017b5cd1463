using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

public sealed class QueryShapeTests
{
    [Theory]
    [InlineData("10", 10, 10, "10")]
    [InlineData(" 1..100 ", 1, 100, "1..100")]
    [InlineData("7..7", 7, 7, "7")]
    public void TryParseLength_ALengthOrARange(string text, int shortest, int longest, string recorded)
    {
        Assert.True(QueryShape.TryParseLength(text, 50, out var shape, out _));

        Assert.Equal((shortest, longest, 50, recorded), (shape.ShortestLength, shape.Length, shape.PageSize, shape.LengthText));
    }

    [Theory]
    [InlineData("0", "--query-length must be between 1 and 1000000 entities, not 0.")]
    [InlineData("0..5", "--query-length must be a length between 1 and 1000000 entities, or a range of them such as 1..100, not '0..5'.")]
    [InlineData("5..2", "--query-length 5..2 starts above where it ends: write the shorter length first, as in 1..100.")]
    [InlineData("1..2..3", "--query-length must be a length between 1 and 1000000 entities, or a range of them such as 1..100, not '1..2..3'.")]
    [InlineData("ten", "--query-length must be a length between 1 and 1000000 entities, or a range of them such as 1..100, not 'ten'.")]
    public void TryParseLength_Refused_OneSentence(string text, string sentence)
    {
        Assert.False(QueryShape.TryParseLength(text, 1000, out _, out var fault));

        Assert.Equal(sentence, fault);
    }

    [Fact]
    public void NextTop_AsksForWhatTheQueryStillWants_AtMostAPage() =>
        Assert.Equal((7, 3), (new QueryShape(100, 7).NextTop(20, 0), new QueryShape(100, 7).NextTop(20, 17)));
}
